import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const webSrc = path.resolve('apps/web/src');

/** Where an import points: an absolute path for relative and '@/' imports, else the bare specifier. */
function resolveImport(file, specifier) {
  if (specifier.startsWith('@/')) return path.join(webSrc, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return specifier;
}

/** The layer of a file inside apps/web/src: shared (lib, components, …) → features → app. */
function webLayer(absolute) {
  const rel = path.relative(webSrc, absolute);
  if (rel.startsWith('..')) return null;
  const [top, name, sub] = rel.split(path.sep);
  if (top === 'features') return { layer: 'feature', feature: name };
  if (top === 'app') return { layer: 'app' };
  // The back-office (issue 12) is cut the same way inside its folder: its features, its frame and routes (its
  // app layer), and its shared lib and paths.
  if (top === 'backoffice') {
    if (name === 'features') return { layer: 'feature', feature: `backoffice/${sub}` };
    if (name === 'layout' || name === 'routes.tsx') return { layer: 'app' };
  }
  return { layer: 'shared' };
}

/** Keeps the web app's layers apart (features never import each other) and the web app away from the API. */
const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveImport(file, specifier);
      if (file.startsWith(webSrc)) {
        if (specifier === '@portal/api' || target.includes(`${path.sep}apps${path.sep}api${path.sep}`)) {
          return context.report({ node, message: 'The web app imports the contract, never the API.' });
        }
        const from = webLayer(file);
        const to = path.isAbsolute(target) ? webLayer(target) : null;
        if (!from || !to) return;
        if (from.layer === 'feature' && to.layer === 'feature' && from.feature !== to.feature) {
          context.report({ node, message: `Feature "${from.feature}" imports feature "${to.feature}": compose them in app/.` });
        } else if (from.layer === 'shared' && to.layer !== 'shared') {
          context.report({ node, message: 'Shared code (lib, components) must not import features or app.' });
        } else if (from.layer === 'feature' && to.layer === 'app') {
          context.report({ node, message: 'A feature must not import app/.' });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
    };
  },
};

/** Tests and their support code, where the rules on waiting hold. */
const testFiles = [
  '**/*.test.{ts,tsx,mjs}',
  'e2e/**/*.spec.ts',
  'apps/api/src/test/**',
  'e2e/support/**',
  'apps/web/src/testing/**',
  '**/{test-context,test-support,*-test-context}.ts',
];

const sleepAdvice =
  'No fixed sleeps in tests: wait for the event itself (a response, a row, a callback), run the code on a fake ' +
  'clock (vi.useFakeTimers with advanceTimersByTimeAsync) or an injected one, or, for an event outside the ' +
  "test's control, poll it with pollUntil (apps/api/src/test/poll.ts).";

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/drizzle/**', 'test-results/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { portal: { rules: { boundaries } } },
    rules: {
      'portal/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Type-aware checks where a mistake is silent at run time: a promise nobody awaits or catches, or a promise
    // handed where a plain callback is expected. The TypeScript project service reads each workspace's tsconfig.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'apps/*/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The classic hook rules; the compiler-oriented ones misread react-hook-form's handleSubmit.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // The portal's own fields (decision 0105): MUI's TextField, Select and TablePagination bring Select, Menu and
      // Popover into every screen that has a field, a dropdown or a pager.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mui/material/TextField', message: 'Use PlainTextField or FormTextField (components/form).' },
            { name: '@mui/material/Select', message: 'Use NativeSelectField or FormSelectField (components/form).' },
            { name: '@mui/material/NativeSelect', message: 'Use NativeSelectField or SelectBox (components/form/native-select-field).' },
            { name: '@mui/material/TablePagination', message: 'Use TablePager (components/data-table).' },
            { name: '@mui/material/Tabs', message: 'Use LinkTabs (components/link-tabs) for the parts of a screen.' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', '**/*.config.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
  // A file says one thing: past these lengths it says several, and is split by concept.
  { rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] } },
  {
    files: [...testFiles, '**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // A test waits for the thing it needs, or runs on a fake clock: a fixed sleep is slow where it is long
    // enough and flaky where it is not. A wait for an event outside the test's hands (a server coming up, a mail
    // file, the next TOTP step) goes through pollUntil, the one helper that polls, with a bound.
    files: testFiles,
    ignores: ['apps/api/src/test/poll.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']", message: sleepAdvice },
        { selector: "CallExpression[callee.name=/^(sleep|delay)$/]", message: sleepAdvice },
      ],
      'no-restricted-properties': ['error', { property: 'waitForTimeout', message: sleepAdvice }],
      'no-restricted-imports': [
        'error',
        {
          paths: ['timers/promises', 'node:timers/promises'].map((name) => ({
            name,
            importNames: ['setTimeout', 'setInterval', 'scheduler'],
            message: sleepAdvice,
          })),
        },
      ],
    },
  },
);
