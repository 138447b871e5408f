import { IsDefined, IsInt, Max, Min } from 'class-validator';
import type { SetCurrentModuleRequest } from '@academy/contracts';
import { MSG } from '@academy/contracts';

export class SetCurrentModuleDto implements SetCurrentModuleRequest {
  @IsDefined({ message: MSG.moduleNumberRequired })
  @IsInt({ message: MSG.moduleNumberInteger })
  @Min(0, { message: MSG.invalidModule })
  @Max(10_000, { message: MSG.invalidModule })
  currentModule: number;
}
