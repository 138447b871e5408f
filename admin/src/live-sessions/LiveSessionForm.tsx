import { YOUTUBE_ID_PATTERN } from '@academy/contracts';
import { CheckboxGroupInput, maxLength, maxValue, minValue, NumberInput, required, TextInput } from 'react-admin';
import { LIVE_COURSE_CHOICES } from './choices';

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const YOUTUBE_URL = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube(?:-nocookie)?\.com|youtu\.be)\//i;

export function validateStart(value: unknown): string | undefined {
  return typeof value === 'string' && LOCAL_TIME.test(value) ? undefined : 'Velg dato og klokkeslett (norsk tid)';
}

export function validateJoinUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return 'Lim inn lenken til møtet';
  try {
    const u = new URL(value.trim());
    return u.protocol === 'https:' ? undefined : 'Lenken må starte med https://';
  } catch {
    return 'Lenken må være en hel adresse, f.eks. https://zoom.us/j/123';
  }
}

export function validateRecording(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const v = String(value).trim();
  return YOUTUBE_ID_PATTERN.test(v) || YOUTUBE_URL.test(v)
    ? undefined
    : 'Skriv en YouTube-id på 11 tegn eller lim inn en YouTube-lenke';
}

/** The session's own fields (create and edit). Times are Oslo wall time; the server stores UTC. */
export function LiveSessionFields({ startSource }: { startSource: 'startsAt' | 'startsAtLocal' }) {
  return (
    <>
      <CheckboxGroupInput source="courseIds" choices={LIVE_COURSE_CHOICES} validate={required('Velg minst ett kurs')} />
      <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="description" validate={maxLength(5000)} multiline minRows={2} fullWidth />
      <TextInput
        source={startSource}
        label="panel.liveSessions.startNorskTid"
        type="datetime-local"
        validate={validateStart}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText="Klokkeslettet gjelder i Norge (sommer- og vintertid tas hånd om)."
      />
      <NumberInput source="durationMinutes" min={5} max={600} step={5} validate={[required(), minValue(5), maxValue(600)]} />
      <TextInput
        source="joinUrl"
        validate={validateJoinUrl}
        fullWidth
        helperText="Zoom, Google Meet, Discord … Elevene ser lenken først 15 minutter før start."
      />
    </>
  );
}
