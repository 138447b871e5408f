export * from './catalog';
export * from './api';
export * from './messages';
export * from './ssr';
