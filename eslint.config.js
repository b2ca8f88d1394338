// Lint: strict typed rules (no floating promises, no any, type-only imports) and the
// import boundaries of DESIGN §2, so the layering cannot erode silently.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const boundary = (group, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'server/db/migrations', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  prettier,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Failures are values here (DomainError carries a name), and `never`-returning fail() is the idiom.
      '@typescript-eslint/only-throw-error': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../../*'],
              message: 'Deep relative imports hide the layering; import from the layer.',
            },
          ],
        },
      ],
    },
  },
  { files: ['*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // Fastify plugins are async functions by contract, whether or not they await.
    files: ['server/http/**', 'server/channels/**/*-routes.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests read untyped JSON answers the way a client would; asserting on them is the point.
    files: ['tests/**', '**/*.test.ts', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/protocol/**'],
    rules: boundary(
      ['**/store/**', '**/sync/**', '**/app/**', '**/features/**', '**/server/**', 'react'],
      'src/protocol imports nothing of the project.',
    ),
  },
  {
    files: ['src/store/**'],
    rules: boundary(
      [
        '**/sync/**',
        '**/workers/**',
        '**/sw/**',
        '**/app/**',
        '**/features/**',
        '**/ui/**',
        'react-dom',
      ],
      'src/store imports only src/protocol.',
    ),
  },
  {
    // The page's client of the worker names the worker's API type; nothing else of src/workers.
    files: ['src/sync/**'],
    rules: boundary(
      ['**/sw/**', '**/app/**', '**/features/**', '**/ui/**', 'react', 'react-dom'],
      'src/sync imports only src/protocol and src/store.',
    ),
  },
  {
    files: ['src/ui/**'],
    rules: boundary(
      ['**/store/**', '**/sync/**', '**/workers/**', '**/sw/**', '**/app/**', '**/features/**'],
      'src/ui holds shared parts: it imports only React and src/protocol.',
    ),
  },
  {
    files: ['src/widget/**'],
    rules: boundary(
      [
        '**/store/**',
        '**/sync/**',
        '**/workers/**',
        '**/sw/**',
        '**/app/**',
        '**/features/**',
        '**/ui/**',
        'react',
        'react-dom',
      ],
      'The widget is a small bundle of its own: it imports only src/protocol.',
    ),
  },
  {
    // The landing page's entry: the sign-in screen for a visitor without a session, and nothing
    // of the workspace (docs/performance.md; src/landing/landing-entry.test.ts checks the whole
    // graph it reaches).
    files: ['src/landing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(store|sync|workers|sw|app|widget)(/|$)|(^|/)features/(?!auth/)',
              message: 'src/landing imports only src/features/auth, src/ui and src/protocol.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature's files sit directly in its folder, so '../<name>' is another feature.
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sync/**', '**/workers/**', '**/sw/**', '**/app/**', '**/features/**'],
              message: 'A feature imports only src/store, src/protocol and src/ui.',
            },
            {
              regex: '^\\.\\./(?!\\.\\./)',
              message:
                'Features never import each other: move what two share to src/ui, src/store or src/protocol.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: boundary(
      [
        '**/src/store/**',
        '**/src/sync/**',
        '**/src/app/**',
        '**/src/features/**',
        '**/src/ui/**',
        '**/src/widget/**',
        '**/src/workers/**',
      ],
      'The server imports only src/protocol.',
    ),
  },
);
