import { ArrayMaxSize, IsArray, IsDefined, IsInt, Max, Min } from 'class-validator';
import type { MergeStarterProgressRequest } from '@academy/contracts';

/** POST /api/progress/starter/merge: what the browser kept while signed out. */
export class MergeStarterProgressDto implements MergeStarterProgressRequest {
  @IsDefined({ message: 'Fullførte moduler er påkrevd' })
  @IsArray({ message: 'Fullførte moduler må være en liste' })
  @ArrayMaxSize(100, { message: 'For mange moduler' })
  @IsInt({ each: true, message: 'Modul-id må være et heltall' })
  @Min(1, { each: true, message: 'Ugyldig modul-id' })
  @Max(2_147_483_647, { each: true, message: 'Ugyldig modul-id' })
  completedModules: number[];

  @IsDefined({ message: 'Modulnummer er påkrevd' })
  @IsInt({ message: 'Modulnummeret må være et heltall' })
  @Min(0, { message: 'Ugyldig modul' })
  @Max(10_000, { message: 'Ugyldig modul' })
  currentModule: number;
}
