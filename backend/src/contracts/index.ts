export * from './catalog';
export * from './api';
export * from './messages';
export * from './admin';
export * from './member';
export * from './ssr';
export * from './mail';
