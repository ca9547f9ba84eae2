import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { composeProblems, KUBERNETES_VERSION, kubernetesObjectProblems, kubernetesProblems, parseYaml } from './deploy-validate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const manifestFiles = readdirSync(path.join(root, 'deploy/kubernetes')).filter((file) => file.endsWith('.yaml')).sort();
const objects = manifestFiles.flatMap((file) => parseYaml(read(`deploy/kubernetes/${file}`)));
const byKind = (kind) => objects.find((object) => object.kind === kind);

/** The server's longest request (Fastify's requestTimeout in the app), in seconds. */
function requestTimeoutSeconds() {
  const match = /requestTimeout:\s*([\d_]+)/.exec(read('apps/api/src/app.ts'));
  expect(match, 'requestTimeout in apps/api/src/app.ts').not.toBeNull();
  return Number(match[1].replaceAll('_', '')) / 1000;
}

/** The settings the server reads (apps/api/src/config.ts): its schema's keys, and <NAME>_FILE for each secret. */
function serverSettings() {
  const source = read('apps/api/src/config.ts');
  const schema = source.slice(source.indexOf('export const configSchema = z.object({'), source.indexOf('\n});', source.indexOf('configSchema = z.object')));
  const keys = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(([, name]) => name);
  const secretList = /export const secretSettings = \[([^\]]*)\]/.exec(source)[1];
  const secrets = [...secretList.matchAll(/'([A-Z0-9_]+)'/g)].map(([, name]) => name);
  expect(keys).toContain('PORT');
  expect(secrets).toContain('JWT_SECRET');
  return new Set([...keys, ...secrets.map((name) => `${name}_FILE`)]);
}

/** A Go duration as Compose writes it ("11m", "1m30s") in seconds. */
const durationSeconds = (text) => [...text.matchAll(/(\d+)(h|m|s)/g)].reduce((sum, [, n, unit]) => sum + Number(n) * { h: 3600, m: 60, s: 1 }[unit], 0);

describe('deploy/compose.yaml against the Compose Specification schema', () => {
  const text = read('deploy/compose.yaml');
  const compose = parseYaml(text)[0];

  it('conforms', () => {
    expect(composeProblems(text)).toEqual([]);
  });

  it('is refused with a field the specification does not have', () => {
    expect(composeProblems(text.replace('stop_grace_period:', 'stop_grace_periode:'))).toContain(
      '/services/portal must NOT have additional properties: stop_grace_periode',
    );
  });

  it('is refused with a duration Compose cannot read', () => {
    expect(composeProblems(text.replace('stop_grace_period: 11m', 'stop_grace_period: eleven minutes'))).toContain(
      '/services/portal/stop_grace_period must match format "duration"',
    );
  });

  it('runs one site: two portal replicas after the migrations, PostgreSQL, a mail catcher, each with a health check', () => {
    const { portal, migrate, postgres, mailpit } = compose.services;
    expect(portal.deploy.replicas).toBe(2);
    expect(portal.depends_on.migrate.condition).toBe('service_completed_successfully');
    expect(migrate.command).toEqual(['node', 'apps/api/dist/cli.js', 'migrate']);
    expect(portal.environment.SMTP_URL).toBe('smtp://mailpit:1025');
    for (const service of [portal, postgres, mailpit]) expect(service.healthcheck.test.length).toBeGreaterThan(1);
  });

  it('gives the replicas their secrets as mounted files, and leaves the migrations to the migrate service', () => {
    const { portal } = compose.services;
    const fileSettings = Object.entries(portal.environment).filter(([name]) => name.endsWith('_FILE'));
    expect(fileSettings.map(([name]) => name).sort()).toEqual(['DATABASE_APP_PASSWORD_FILE', 'DATABASE_URL_FILE', 'JWT_SECRET_FILE', 'TOTP_ENCRYPTION_KEY_FILE']);
    const mounted = portal.secrets.map((secret) => `/run/secrets/${secret.source}`);
    for (const [, file] of fileSettings) expect(mounted).toContain(file);
    for (const secret of portal.secrets) expect(Object.keys(compose.secrets)).toContain(secret.source);
    expect(portal.environment.MIGRATE_ON_START).toBe('false');
  });

  it('waits for the drain and the longest request before it kills a replica', () => {
    const { portal } = compose.services;
    expect(durationSeconds(portal.stop_grace_period)).toBeGreaterThan(Number(portal.environment.DRAIN_SECONDS) + requestTimeoutSeconds());
  });
});

describe('the deployment files set only settings the server has', () => {
  const settings = serverSettings();

  it('in the Compose file', () => {
    const { portal, migrate } = parseYaml(read('deploy/compose.yaml'))[0].services;
    const unknown = [...Object.keys(portal.environment), ...Object.keys(migrate.environment)].filter((name) => !settings.has(name));
    expect(unknown).toEqual([]);
  });

  it('in the Kubernetes manifests', () => {
    const names = [
      ...Object.keys(byKind('ConfigMap').data),
      ...['Deployment', 'Job'].flatMap((kind) => byKind(kind).spec.template.spec.containers[0].env.map((variable) => variable.name)),
    ];
    expect(names.filter((name) => !settings.has(name))).toEqual([]);
  });
});

describe(`deploy/kubernetes against the Kubernetes ${KUBERNETES_VERSION} schemas`, () => {
  it.each(manifestFiles)('%s conforms, without a field the schema does not know', async (file) => {
    expect(await kubernetesProblems(read(`deploy/kubernetes/${file}`))).toEqual([]);
  });

  it('holds a Deployment, PodDisruptionBudget, migration Job, Service, ConfigMap and Secret', () => {
    expect(objects.map((object) => `${object.apiVersion} ${object.kind}`).sort()).toEqual([
      'apps/v1 Deployment',
      'batch/v1 Job',
      'policy/v1 PodDisruptionBudget',
      'v1 ConfigMap',
      'v1 Secret',
      'v1 Service',
    ]);
  });

  it('refuses a misspelt field', async () => {
    const text = read('deploy/kubernetes/deployment.yaml').replace('livenessProbe:', 'livenesProbe:');
    expect(await kubernetesProblems(text)).toEqual([
      'Deployment portal: /spec/template/spec/containers/0 has a field the schema does not know: livenesProbe',
    ]);
  });

  it('refuses a value of the wrong type and a kind it has no schema for', async () => {
    const text = read('deploy/kubernetes/deployment.yaml').replace('replicas: 2', 'replicas: two');
    expect(await kubernetesProblems(text)).toEqual(['Deployment portal: /spec/replicas type (type "integer")']);
    expect(await kubernetesObjectProblems({ apiVersion: 'apps/v1', kind: 'Deploymnt', metadata: { name: 'x' } })).toEqual([
      `no Kubernetes ${KUBERNETES_VERSION} schema for apiVersion apps/v1 kind Deploymnt`,
    ]);
  });

  it('probes liveness on /api/health and readiness on /api/ready, and drains without a preStop hook', () => {
    const pod = byKind('Deployment').spec.template.spec;
    const [container] = pod.containers;
    expect(container.livenessProbe.httpGet.path).toBe('/api/health');
    expect(container.readinessProbe.httpGet.path).toBe('/api/ready');
    expect(container.lifecycle).toBeUndefined();
    const drain = Number(byKind('ConfigMap').data.DRAIN_SECONDS);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(drain + requestTimeoutSeconds());
  });

  it('runs the migrations in the Job only, and reads every secret from a file mounted from the Secret', () => {
    expect(byKind('Job').spec.template.spec.containers[0].command).toEqual(['node', 'apps/api/dist/cli.js', 'migrate']);
    expect(byKind('ConfigMap').data.MIGRATE_ON_START).toBe('false');
    const secretKeys = Object.keys(byKind('Secret').stringData);
    for (const kind of ['Deployment', 'Job']) {
      const pod = byKind(kind).spec.template.spec;
      const [container] = pod.containers;
      const mount = container.volumeMounts.find((volumeMount) => volumeMount.name === 'secrets').mountPath;
      const items = pod.volumes.find((volume) => volume.name === 'secrets').secret.items;
      const files = container.env.filter((variable) => variable.name.endsWith('_FILE')).map((variable) => variable.value);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(items.map((item) => `${mount}/${item.path}`)).toContain(file);
      for (const item of items) expect(secretKeys).toContain(item.key);
    }
  });

  it('runs as the image user, never root, with a read-only root file system', () => {
    for (const kind of ['Deployment', 'Job']) {
      const pod = byKind(kind).spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
      expect(pod.containers[0].securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    }
  });

  it('keeps placeholders only in the Secret example', () => {
    for (const [key, value] of Object.entries(byKind('Secret').stringData)) {
      expect(/CHANGE-ME|^0+$/.test(value), key).toBe(true);
    }
  });
});
