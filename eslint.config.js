// Lint: strict typed rules (no floating promises, no any, type-only imports) and the
// import boundaries of DESIGN §2, so the layering cannot erode silently.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const boundary = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group, message })) }],
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'server/db/migrations', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  prettier,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../../*'], message: 'Deep relative imports hide the layering; import from the layer.' }] }],
    },
  },
  { files: ['*.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/protocol/**'],
    rules: boundary(['**/store/**', '**/sync/**', '**/app/**', '**/features/**', '**/server/**', 'react'], 'src/protocol imports nothing of the project.'),
  },
  {
    files: ['server/**'],
    rules: boundary(['**/src/store/**', '**/src/sync/**', '**/src/app/**', '**/src/features/**', '**/src/ui/**', '**/src/widget/**', '**/src/workers/**'], 'The server imports only src/protocol.'),
  },
);
