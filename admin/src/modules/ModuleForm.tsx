import { CAPTIONS_URL_PATTERN, VIDEO_MSG, YOUTUBE_ID_PATTERN, type AdminModule, type VideoProvider } from '@academy/contracts';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  useRecordContext,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { courseChoices } from '../lib/labels';
import { VideoUpload } from './VideoUpload';

const YOUTUBE_URL = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube(?:-nocookie)?\.com|youtu\.be)\//i;

/** A YouTube id (11 characters) or a YouTube link; blank means no video yet. */
export function validateVideoId(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const v = String(value).trim();
  if (YOUTUBE_ID_PATTERN.test(v) || YOUTUBE_URL.test(v)) return undefined;
  return 'Skriv en YouTube-id på 11 tegn eller lim inn en YouTube-lenke';
}

/** A captions file: an https address of a .vtt file; blank means none. */
export function validateCaptionsUrl(value: unknown): string | undefined {
  if (value === null || value === undefined || String(value).trim() === '') return undefined;
  return CAPTIONS_URL_PATTERN.test(String(value).trim()) ? undefined : VIDEO_MSG.invalidCaptionsUrl;
}

const PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', mux: 'Mux (betalt, signert)' };

/** The fields of a module, for create and edit. The course is chosen when the module is made. */
export function ModuleFields({ create = false }: { create?: boolean }) {
  const record = useRecordContext<AdminModule>();
  const providers: VideoProvider[] = record?.videoProviders ?? ['youtube'];
  return (
    <>
      {create ? <SelectInput source="courseId" choices={courseChoices} validate={required()} /> : null}
      <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="description" validate={maxLength(5000)} multiline minRows={2} fullWidth />
      <NumberInput source="durationMinutes" min={0} max={1000} step={1} validate={[minValue(0), maxValue(1000)]} />
      {providers.length > 1 ? (
        <SelectInput
          source="videoProvider"
          choices={providers.map((id) => ({ id, name: PROVIDER_NAMES[id] }))}
          helperText="YouTube for gratis innhold og smakebiter; Mux for betalt innhold (signert avspilling)."
          validate={required()}
        />
      ) : null}
      <FormDataConsumer<AdminModule>>
        {({ formData }) =>
          formData.videoProvider === 'mux' ? null : (
            <TextInput
              source="videoId"
              validate={validateVideoId}
              helperText="YouTube-id eller lenke. Tomt felt viser teksten «kommer» i spilleren."
              fullWidth
            />
          )
        }
      </FormDataConsumer>
      {create ? null : <VideoUpload />}
      {/* Captions from a .vtt file play only with a Mux video; a YouTube video has YouTube's own. */}
      <FormDataConsumer<AdminModule>>
        {({ formData }) =>
          formData.videoProvider === 'mux' || formData.captionsUrl ? (
            <TextInput
              source="captionsUrl"
              validate={validateCaptionsUrl}
              helperText={
                formData.videoProvider === 'mux'
                  ? 'Valgfritt: https-adresse til en WebVTT-fil (.vtt) med teksting.'
                  : 'Brukes ikke for YouTube-videoer (de har YouTubes egen teksting). Tøm feltet for å fjerne den.'
              }
              fullWidth
            />
          ) : null
        }
      </FormDataConsumer>
      <NumberInput
        source="position"
        min={0}
        step={1}
        validate={minValue(0)}
        helperText={create ? 'Tomt felt legger modulen sist i kurset.' : 'Lavest vises først.'}
      />
      <BooleanInput source="published" defaultValue={true} />
      <NumberInput
        source="releaseAfterDays"
        min={0}
        max={3650}
        step={1}
        validate={[minValue(0), maxValue(3650)]}
        helperText="Dryppslipp: antall dager etter at eleven fikk tilgang før modulen åpnes. 0 eller tomt: åpen med en gang."
      />
      <ArrayInput source="topics">
        <SimpleFormIterator inline disableReordering={false}>
          <TextInput source="" label="panel.modules.tema" validate={maxLength(200)} helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
