import { IsDefined, IsInt, Max, Min } from 'class-validator';
import type { SetCurrentModuleRequest } from '@academy/contracts';

export class SetCurrentModuleDto implements SetCurrentModuleRequest {
  @IsDefined({ message: 'Modulnummer er påkrevd' })
  @IsInt({ message: 'Modulnummeret må være et heltall' })
  @Min(0, { message: 'Ugyldig modul' })
  @Max(10_000, { message: 'Ugyldig modul' })
  currentModule: number;
}
