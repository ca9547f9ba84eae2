import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  composeProblems,
  composeProcesses,
  durationSeconds,
  fleetProblems,
  KUBERNETES_VERSION,
  kubernetesObjectProblems,
  kubernetesProblems,
  kubernetesProcesses,
  parseYaml,
} from './deploy-validate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const manifestFiles = readdirSync(path.join(root, 'deploy/kubernetes')).filter((file) => file.endsWith('.yaml')).sort();
const objects = manifestFiles.flatMap((file) => parseYaml(read(`deploy/kubernetes/${file}`)));
const byKind = (kind) => objects.find((object) => object.kind === kind);
const byName = (kind, name) => objects.find((object) => object.kind === kind && object.metadata.name === name);

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

  it('runs one site: two portal replicas and the jobs process after the migrations, PostgreSQL, a mail catcher, each with a health check', () => {
    const { portal, 'portal-jobs': jobs, migrate, postgres, mailpit } = compose.services;
    expect(portal.deploy.replicas).toBe(2);
    for (const service of [portal, jobs]) expect(service.depends_on.migrate.condition).toBe('service_completed_successfully');
    expect(migrate.command).toEqual(['node', 'apps/api/dist/cli.js', 'migrate']);
    for (const service of [portal, jobs, postgres, mailpit]) expect(service.healthcheck.test.length).toBeGreaterThan(1);
  });

  it('gives the replicas and the jobs process their secrets as mounted files, and leaves the migrations to the migrate service', () => {
    const fileSettingsOf = (service) => Object.entries(service.environment).filter(([name]) => name.endsWith('_FILE'));
    const { portal, 'portal-jobs': jobs } = compose.services;
    expect(fileSettingsOf(portal).map(([name]) => name).sort()).toEqual(['DATABASE_APP_URL_FILE', 'JWT_SECRET_FILE', 'TOTP_ENCRYPTION_KEY_FILE']);
    expect(fileSettingsOf(jobs).map(([name]) => name).sort()).toEqual(['DATABASE_APP_URL_FILE', 'DATABASE_URL_FILE', 'JWT_SECRET_FILE', 'TOTP_ENCRYPTION_KEY_FILE']);
    for (const service of [portal, jobs]) {
      const mounted = service.secrets.map((secret) => `/run/secrets/${secret.source}`);
      for (const [, file] of fileSettingsOf(service)) expect(mounted).toContain(file);
      for (const secret of service.secrets) expect(Object.keys(compose.secrets)).toContain(secret.source);
      expect(service.environment.MIGRATE_ON_START).toBe('false');
    }
  });

  it('serves without the owner: the replicas hold portal_app only, one portal-jobs process outside HAProxy holds the owner', () => {
    const processes = composeProcesses(compose, read('deploy/haproxy.cfg'));
    expect(fleetProblems(processes, requestTimeoutSeconds())).toEqual([]);
    expect(processes.map(({ name, replicas, serving, migrates }) => ({ name, replicas, serving, migrates }))).toEqual([
      { name: 'migrate', replicas: 1, serving: false, migrates: true },
      { name: 'portal', replicas: 2, serving: true, migrates: false },
      { name: 'portal-jobs', replicas: 1, serving: false, migrates: false },
    ]);
    expect(compose.services['portal-jobs'].environment.SMTP_URL).toBe('smtp://mailpit:1025');
  });

  it('waits for the drain and the longest request before it kills a replica', () => {
    const { portal } = compose.services;
    expect(durationSeconds(portal.stop_grace_period)).toBeGreaterThan(Number(portal.environment.DRAIN_SECONDS) + requestTimeoutSeconds());
  });
});

describe('the fleet check', () => {
  const haproxy = read('deploy/haproxy.cfg');
  const text = read('deploy/compose.yaml');
  const problemsOf = (changed) => fleetProblems(composeProcesses(parseYaml(changed)[0], haproxy), requestTimeoutSeconds());

  it('refuses a serving replica with the owner URL, and a second holder of it', () => {
    const changed = text.replace('      DATABASE_APP_URL_FILE: /run/secrets/database_app_url\n      JWT_SECRET_FILE', '      DATABASE_URL_FILE: /run/secrets/database_url\n      JWT_SECRET_FILE');
    expect(problemsOf(changed)).toEqual([
      "portal serves requests but holds the owner's DATABASE_URL_FILE",
      'portal serves requests without DATABASE_APP_URL(_FILE)',
      "exactly one running process must hold the owner's URL (the jobs process), not 3: portal ×2, portal-jobs ×1",
    ]);
  });

  it('refuses TRUST_PROXY=true, a replica that migrates, and a grace period shorter than the drain and the longest request', () => {
    const changed = text.replace('TRUST_PROXY: "1"', 'TRUST_PROXY: "true"').replace('      MIGRATE_ON_START: "false"\n      PUBLIC_URL', '      PUBLIC_URL').replace('stop_grace_period: 11m', 'stop_grace_period: 10m');
    expect(problemsOf(changed)).toEqual([
      'portal: TRUST_PROXY=true believes any X-Forwarded-For; give the hop count or the proxies\' addresses',
      'portal does not leave the migrations apart: MIGRATE_ON_START=false missing',
      `portal is killed after 600 s, before its drain (10 s) and longest request (${requestTimeoutSeconds()} s) end`,
    ]);
  });

  it('refuses a fleet where no running process holds the owner URL, or the replicas run on it behind no proxy setting', () => {
    const changed = text.replace('      DATABASE_URL_FILE: /run/secrets/database_url\n      DATABASE_APP_URL_FILE', '      DATABASE_APP_URL_FILE').replace('      TRUST_PROXY: "1"\n', '');
    expect(problemsOf(changed)).toEqual([
      'portal is behind a proxy but TRUST_PROXY is not set',
      "exactly one running process must hold the owner's URL (the jobs process), not 0: none",
    ]);
  });
});

describe('the deployment files set only settings the server has', () => {
  const settings = serverSettings();

  it('in the Compose file', () => {
    const { portal, 'portal-jobs': jobs, migrate } = parseYaml(read('deploy/compose.yaml'))[0].services;
    const unknown = [portal, jobs, migrate].flatMap((service) => Object.keys(service.environment)).filter((name) => !settings.has(name));
    expect(unknown).toEqual([]);
  });

  it('in the Kubernetes manifests', () => {
    const names = [
      ...Object.keys(byKind('ConfigMap').data),
      ...objects
        .filter((object) => ['Deployment', 'Job'].includes(object.kind))
        .flatMap((object) => object.spec.template.spec.containers[0].env.map((variable) => variable.name)),
    ];
    expect(names.filter((name) => !settings.has(name))).toEqual([]);
  });
});

describe(`deploy/kubernetes against the Kubernetes ${KUBERNETES_VERSION} schemas`, () => {
  it.each(manifestFiles)('%s conforms, without a field the schema does not know', async (file) => {
    expect(await kubernetesProblems(read(`deploy/kubernetes/${file}`))).toEqual([]);
  });

  it('holds the serving and the jobs Deployment, PodDisruptionBudget, migration Job, Services, ConfigMap and Secret', () => {
    expect(objects.map((object) => `${object.apiVersion} ${object.kind} ${object.metadata.name}`).sort()).toEqual([
      'apps/v1 Deployment portal',
      'apps/v1 Deployment portal-jobs',
      'batch/v1 Job portal-migrate',
      'policy/v1 PodDisruptionBudget portal',
      'v1 ConfigMap portal-config',
      'v1 Secret portal-secrets',
      'v1 Service portal',
      'v1 Service portal-jobs',
    ]);
  });

  it('serves without the owner: the serving pods hold portal_app only, one jobs pod outside the Service holds the owner', () => {
    const processes = kubernetesProcesses(objects);
    expect(fleetProblems(processes, requestTimeoutSeconds())).toEqual([]);
    expect(processes.map(({ name, replicas, serving, migrates }) => ({ name, replicas, serving, migrates }))).toEqual([
      { name: 'Deployment portal', replicas: 2, serving: true, migrates: false },
      { name: 'Deployment portal-jobs', replicas: 1, serving: false, migrates: false },
      { name: 'Job portal-migrate', replicas: 1, serving: false, migrates: true },
    ]);
    expect(processes[0].env).toMatchObject({ TRUST_PROXY: '1', MIGRATE_ON_START: 'false', DATABASE_APP_URL_FILE: '/run/secrets/portal/database-app-url' });
  });

  it('refuses serving pods given the owner URL in the ConfigMap, and TRUST_PROXY=true where the Deployment does not override it', () => {
    const changed = objects.map((object) =>
      object.kind === 'ConfigMap' ? { ...object, data: { ...object.data, DATABASE_URL: 'postgres://portal_owner:x@db/portal', TRUST_PROXY: 'true' } } : object,
    );
    expect(fleetProblems(kubernetesProcesses(changed), requestTimeoutSeconds())).toEqual([
      "Deployment portal serves requests but holds the owner's DATABASE_URL",
      "Deployment portal-jobs: TRUST_PROXY=true believes any X-Forwarded-For; give the hop count or the proxies' addresses",
      "exactly one running process must hold the owner's URL (the jobs process), not 3: Deployment portal ×2, Deployment portal-jobs ×1",
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

  it.each(['portal', 'portal-jobs'])('Deployment %s probes liveness on /api/health and readiness on /api/ready, and drains without a preStop hook', (name) => {
    const pod = byName('Deployment', name).spec.template.spec;
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
    for (const object of objects.filter(({ kind }) => kind === 'Deployment' || kind === 'Job')) {
      const pod = object.spec.template.spec;
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
    for (const object of objects.filter(({ kind }) => kind === 'Deployment' || kind === 'Job')) {
      const pod = object.spec.template.spec;
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
