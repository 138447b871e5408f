import { ArrayMaxSize, IsArray, IsDefined, IsInt, Max, Min } from 'class-validator';
import type { MergeStarterProgressRequest } from '@academy/contracts';
import { MSG } from '@academy/contracts';

/** POST /api/progress/starter/merge: what the browser kept while signed out. */
export class MergeStarterProgressDto implements MergeStarterProgressRequest {
  @IsDefined({ message: MSG.completedModulesRequired })
  @IsArray({ message: MSG.completedModulesList })
  @ArrayMaxSize(100, { message: MSG.tooManyModules })
  @IsInt({ each: true, message: MSG.moduleIdInteger })
  @Min(1, { each: true, message: MSG.invalidModuleId })
  @Max(2_147_483_647, { each: true, message: MSG.invalidModuleId })
  completedModules: number[];

  @IsDefined({ message: MSG.moduleNumberRequired })
  @IsInt({ message: MSG.moduleNumberInteger })
  @Min(0, { message: MSG.invalidModule })
  @Max(10_000, { message: MSG.invalidModule })
  currentModule: number;
}
