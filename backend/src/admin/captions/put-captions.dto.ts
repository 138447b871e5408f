import { IsBoolean, IsString } from 'class-validator';
import { CAPTIONS_MSG, type PutCaptionsRequest } from '@academy/contracts';

/** The file is checked by the WebVTT parser (header, timings, order, size), which names the line. */
export class PutCaptionsDto implements PutCaptionsRequest {
  @IsString({ message: CAPTIONS_MSG.notString })
  vtt: string;

  @IsBoolean({ message: 'approved må være true eller false' })
  approved: boolean;
}
