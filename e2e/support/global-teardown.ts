import { dropTemplates } from './templates';

/** jest globalTeardown: removes the migrated templates. */
export default dropTemplates;
