import { makeTemplates } from './templates';

/** jest globalSetup: the migrated templates every suite's database is copied from. */
export default makeTemplates;
