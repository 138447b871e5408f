import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What the two top-level modules (account, admin) may import: every module below them. */
const topLevelImports = [
  'platform',
  'catalog',
  'identity',
  'access',
  'leads',
  'orders',
  'outbox',
  'notifications',
  'marketing',
  'live',
  'mentorship',
  'certificates',
  'community',
  'doctor',
  'membership',
  'vipps-login',
  'partners',
];

/**
 * The backend's module graph (docs/architecture.md "Module graph"): which top-level folders of backend/src each one
 * may import. A lower module never imports a higher one; a folder missing here may import nothing.
 */
const backendGraph = {
  platform: [],
  catalog: ['platform'],
  identity: ['platform'],
  leads: ['platform'],
  access: ['platform', 'catalog', 'identity'],
  orders: ['platform', 'catalog', 'identity', 'access'],
  outbox: ['platform'],
  notifications: ['platform', 'catalog', 'identity', 'access', 'orders', 'outbox'],
  marketing: ['platform', 'catalog', 'identity', 'access', 'leads', 'orders', 'outbox'],
  live: ['platform', 'catalog', 'identity', 'access', 'outbox'],
  mentorship: ['platform', 'catalog', 'identity', 'access', 'outbox'],
  membership: ['platform', 'catalog', 'identity', 'access', 'orders', 'outbox'],
  // Partners (affiliates): accounts (identity), the orders and codes their commission follows, the mails (outbox).
  partners: ['platform', 'catalog', 'identity', 'access', 'orders', 'outbox'],
  certificates: ['platform', 'catalog', 'identity', 'access', 'outbox'],
  community: ['platform', 'catalog', 'identity', 'access', 'outbox', 'mentorship'],
  // The doctor reads the configuration and asks every integration; it changes nothing.
  doctor: ['platform', 'catalog', 'identity', 'access', 'orders', 'outbox'],
  // «Logg inn med Vipps»: accounts (identity), the Starter grant of a new one (access), the confirmation mail (outbox).
  'vipps-login': ['platform', 'catalog', 'identity', 'access', 'outbox'],
  // account and admin sit at the top: each may import every feature module below it.
  account: topLevelImports,
  admin: topLevelImports,
  web: ['platform', 'catalog', 'certificates'],
};

/** The storefront's shared layers: features build on them, and they never import a feature or app/. */
const frontendShared = ['fe-components', 'fe-lib', 'fe-config', 'fe-content', 'fe-styles'];

/** admin/src folders shared by every resource and page; every other folder is a resource or page of its own. */
const adminShared = ['lib', 'i18n'];

/** One resolver for import-x and boundaries: the workspaces' tsconfig files. */
const resolverOptions = {
  project: ['backend/tsconfig.json', 'frontend/tsconfig.json', 'admin/tsconfig.json', 'contracts/tsconfig.json'],
  noWarnOnMultipleProjects: true,
  // @academy/contracts is read from its source, as Vite does, so lint needs no build first.
  conditionNames: ['source', 'types', 'import', 'require', 'node', 'default'],
};

const anyOf = (types) => ({ element: { types: { anyOf: types } } });

/**
 * A package's `dist/` folder is its build output, not its API: what it exports there may move or go
 * in any release. Import what the package's entry points export, or declare the type yourself.
 */
const noDistImports = {
  regex: '(^|/)dist(/|$)',
  message: "Import from a package's entry point, not from its dist/ folder (declare the type yourself if it exports none).",
};

/** Domain events go through platform/events only. */
const noOwnEmitters = ['events', 'node:events', '@nestjs/event-emitter', 'eventemitter2', 'eventemitter3', 'mitt'].map(
  (name) => ({
    name,
    message: 'Domain events go through platform/events (EventBus.emit, @OnEvent): no emitter of your own.',
  }),
);

/**
 * Rate limits are declared in the route policy (@RouteLimits, platform/security/route-policy.ts) and
 * counted by the request pipeline's rate-limit step: a controller never counts hits itself.
 */
const LIMITS_IN_POLICY = 'A route declares its rate limits with @RouteLimits (the route policy); the pipeline counts them.';
const noLimiterInControllers = {
  group: ['**/platform/security/*', '**/security/*', './*'],
  importNames: ['WriteLimit', 'RouteLimiter', 'DbThrottlerStorage', 'BatchedThrottlerStorage'],
  message: LIMITS_IN_POLICY,
};
const noLimiterCalls = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(take|hit|increment)$/]",
  message: LIMITS_IN_POLICY,
};

/**
 * One home for the admin API (issue 23): a route under /api/admin is declared only in backend/src/admin.
 * Matches a controller's or a method's path (`api/admin…`, or `admin…` under `api`), as a string,
 * a template or in an options object ({ path }). \x2F is '/', which esquery's regexes cannot spell.
 */
const adminRoutesInAdmin = ['Controller', 'Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'Head', 'Options'].flatMap((name) => [
  {
    selector: `Decorator > CallExpression[callee.name='${name}'] Literal[value=/^\\x2F?(api\\x2F)?admin(\\x2F|$)/]`,
    message: 'An /api/admin route lives under backend/src/admin/<resource>/ (the owner exposes a service method).',
  },
  {
    selector: `Decorator > CallExpression[callee.name='${name}'] TemplateElement[value.raw=/^\\x2F?(api\\x2F)?admin(\\x2F|$)/]`,
    message: 'An /api/admin route lives under backend/src/admin/<resource>/ (the owner exposes a service method).',
  },
]);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/coverage/**',
      'backend/src/platform/database/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['backend/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.{js,mjs}', 'bench/**/*.{js,mjs}', '*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    files: ['**/*.config.js', '**/jest.*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    // CommonJS config files share the one jest transform (jest.transform.js) by require().
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Validation and errors show in the page, next to what they are about (issue 22): no native dialogs.
      'no-alert': 'error',
    },
  },

  // Type information: every .ts/.tsx file belongs to its workspace's tsconfig.json (the project
  // service finds the nearest one), so a file outside every project fails loudly instead of being
  // linted without types.
  {
    files: ['**/*.{ts,tsx}', 'scripts/*.mjs', 'bench/*.mjs'],
    languageOptions: {
      parserOptions: {
        // The orchestration scripts belong to no workspace; TypeScript infers their types.
        projectService: {
          allowDefaultProject: ['scripts/*.mjs', 'bench/*.mjs'],
          // The plain Node scripts (start, test, lint, bench, admin tools) each get the default project
          // (about 30 of them; the cap only guards against a glob that matches far too much).
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 40,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React ignores what an event handler returns, so an async onClick/onSubmit is fine; an
      // async callback handed to setTimeout, a listener or a hook that drops the promise is not.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },

  // The admin panel's conventions (issue 22).
  {
    files: ['admin/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // DataTable.NumberCol and NumberField show the raw number, and a column's `render` does
          // not replace NumberCol's own field: øre came out as kroner ('199 700').
          selector:
            "JSXOpeningElement:not([name.name='KrField']):not(:has(JSXAttribute[name.name='field'][value.expression.name='KrField'])) > JSXAttribute[name.name='source'][value.value=/Ore$/]",
          message: 'An amount in øre is shown with KrField (lib/fields.tsx), or formatKr from lib/money.ts.',
        },
        {
          // A list (or a reference's getMany) caches its summary rows as if they were whole records.
          selector:
            "JSXOpeningElement[name.name=/^(Show|Edit)$/]:not(:has(JSXAttribute[name.name='queryOptions'])):not(:has(JSXAttribute[name.name='resource']))",
          message: 'A show or edit page reads its record with queryOptions={fullRecord} (lib/fullRecord.ts).',
        },
      ],
    },
  },

  // One home for the admin API (issue 23): a route under /api/admin is declared only in backend/src/admin.
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/admin/**'],
    rules: { 'no-restricted-syntax': ['error', ...adminRoutesInAdmin] },
  },

  // No package's dist/ folder, anywhere (a later block that sets this rule repeats the pattern: a
  // rule set again replaces the earlier setting).
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDistImports] }] },
  },

  // One job per service (issue 35): a service that outgrows 300 lines is doing more than one thing;
  // split it by responsibility (as Discord's linking and role sync), not by an arbitrary cut.
  {
    files: ['backend/src/**/*.service.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },

  // One event bus (issue 23): only backend/src/platform/events may build an emitter; modules emit
  // and handle domain events through it (EventBus, @OnEvent). A spec also looks for hand-made ones.
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/platform/events/**'],
    rules: { 'no-restricted-imports': ['error', { paths: noOwnEmitters, patterns: [noDistImports] }] },
  },

  // Rate limits only in the route policy: a controller neither injects the limiter nor counts hits.
  {
    files: ['backend/src/**/*.controller.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: noOwnEmitters, patterns: [noDistImports, noLimiterInControllers] }],
      'no-restricted-syntax': ['error', ...adminRoutesInAdmin, noLimiterCalls],
    },
  },
  {
    files: ['backend/src/admin/**/*.controller.ts'],
    rules: { 'no-restricted-syntax': ['error', noLimiterCalls] },
  },

  // The module graphs: no import cycles, and the boundaries between modules and features.
  {
    files: ['backend/src/**/*.ts', 'frontend/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}', 'contracts/src/**/*.ts'],
    plugins: { 'import-x': importX, boundaries },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver(resolverOptions)],
      // eslint-plugin-boundaries resolves through eslint-module-utils, which reads this key.
      'import/resolver': { typescript: resolverOptions },
      // Element patterns match folders; the first that matches a file wins, so each src/ root
      // (its loose files: entry points, app.module.ts, App.tsx…) comes after its folders.
      'boundaries/elements': [
        { type: 'be-module', pattern: 'backend/src/*', capture: ['module'] },
        { type: 'be-root', pattern: 'backend/src' },
        { type: 'fe-app', pattern: 'frontend/src/app' },
        { type: 'fe-feature', pattern: 'frontend/src/features/*', capture: ['feature'] },
        { type: 'fe-components', pattern: 'frontend/src/components' },
        { type: 'fe-lib', pattern: 'frontend/src/lib' },
        { type: 'fe-config', pattern: 'frontend/src/config' },
        { type: 'fe-content', pattern: 'frontend/src/content' },
        { type: 'fe-styles', pattern: 'frontend/src/styles' },
        { type: 'fe-entry', pattern: 'frontend/src' },
        { type: 'ad-layout', pattern: 'admin/src/layout' },
        { type: 'ad-shared', pattern: `admin/src/{${adminShared.join(',')}}` },
        { type: 'ad-resource', pattern: 'admin/src/*', capture: ['resource'] },
        { type: 'ad-root', pattern: 'admin/src' },
        { type: 'contracts', pattern: 'contracts/src' },
      ].map((element) => ({ ...element, partialMatch: false })),
      'boundaries/files': [{ category: 'entity', pattern: 'backend/src/**/*.entity.ts' }],
      // Re-exports and lazy imports cross boundaries as much as static imports do.
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            // Everyone may use the shared contracts; they import nothing of the apps.
            { allow: { to: { element: { type: 'contracts' } } } },
            // backend
            { from: { element: { type: 'be-root' } }, allow: { to: anyOf(['be-root', 'be-module']) } },
            // A module reaches another module's table through its service: the entity class may be
            // named as a type, never imported as a value (which is what getRepository(Entity) needs).
            ...Object.entries(backendGraph).map(([module, allowed]) => ({
              from: { element: { type: 'be-module', captured: { module } } },
              allow: { to: { element: { type: 'be-module', captured: { module: allowed } } } },
              disallow: {
                to: { element: { type: 'be-module', captured: { module: allowed } }, file: { categories: 'entity' } },
                dependency: { kind: 'value' },
              },
              message:
                "Another module's entity may only be imported with `import type`: call the owner's service, not its repository.",
            })),
            // frontend
            { from: anyOf(['fe-entry', 'fe-app']), allow: { to: { element: { types: '*' } } } },
            { from: anyOf(['fe-feature']), allow: { to: anyOf(frontendShared) } },
            { from: anyOf(frontendShared), allow: { to: anyOf(frontendShared) } },
            // admin
            { from: anyOf(['ad-root', 'ad-layout']), allow: { to: { element: { types: '*' } } } },
            { from: anyOf(['ad-resource']), allow: { to: anyOf(['ad-shared', 'ad-root']) } },
            { from: anyOf(['ad-shared']), allow: { to: anyOf(['ad-shared', 'ad-root']) } },
          ],
        },
      ],
    },
  },
);
