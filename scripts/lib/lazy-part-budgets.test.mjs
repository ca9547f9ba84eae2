import { describe, expect, it } from 'vitest';
import { lazyPartBudgets } from './lazy-part-budgets.mjs';

const frame = 'src/backoffice/layout/backoffice-layout.tsx';
const memos = 'src/backoffice/features/content/routes/memos.tsx';
const memoForm = 'src/backoffice/features/content/components/memo-form.tsx';

/** The entry, the back-office's frame, the memos screen and the memo dialog's form it fetches. */
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: [frame, memos] },
  '_react.js': { file: 'assets/react.js' },
  '_list.js': { file: 'assets/list.js' },
  '_editor.js': { file: 'assets/editor.js', imports: ['_react.js'] },
  [frame]: { file: 'assets/frame.js', isDynamicEntry: true, imports: ['index.html'] },
  [memos]: { file: 'assets/memos.js', isDynamicEntry: true, imports: ['index.html', '_list.js'], dynamicImports: [memoForm] },
  [memoForm]: { file: 'assets/memo-form.js', isDynamicEntry: true, imports: ['index.html', '_list.js', '_editor.js'] },
};
const size = { 'assets/index.js': 50, 'assets/react.js': 40, 'assets/list.js': 7, 'assets/editor.js': 120, 'assets/frame.js': 3, 'assets/memos.js': 2, 'assets/memo-form.js': 4 };

describe('lazyPartBudgets', () => {
  it('counts what a dialog fetches beyond the entry, the frame and its screen, and holds it to its budget', () => {
    const [row] = lazyPartBudgets(manifest, (file) => size[file], { [memoForm]: { screen: memos, budget: 130 } });
    expect([row.files, row.bytes, row.budget]).toEqual([['assets/editor.js', 'assets/memo-form.js'], 124, 130]);
  });

  it('fails for a part the build no longer has', () => {
    expect(() => lazyPartBudgets(manifest, (file) => size[file], { 'src/gone.tsx': { screen: memos, budget: 1 } })).toThrow('names src/gone.tsx');
  });
});
