// class-transformer keeps its decorators' metadata in this module (typed in types/, built in cjs/).
declare module 'class-transformer/cjs/storage' {
  export * from 'class-transformer/types/storage';
}
