import { MENTOR_IMAGE_TYPES, MENTOR_MAX_IMAGE_BYTES, MENTOR_MAX_IMAGE_PIXELS } from '@academy/contracts';
import type { ChangeEvent } from 'react';

/**
 * Chart images for a message: PNG, JPEG or WebP, at most `max`, 8 MB each (checked here for a quick
 * answer; the server checks again, refuses more than 25 megapixels and decodes every image).
 */
export function ImagePicker({
  id,
  max,
  files,
  onChange,
  onProblem,
}: {
  id: string;
  max: number;
  files: File[];
  onChange: (files: File[]) => void;
  onProblem: (text: string | null) => void;
}) {
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    const all = [...files, ...chosen];
    if (all.length > max) return onProblem(max === 1 ? 'Du kan legge ved ett bilde.' : `Du kan legge ved høyst ${max} bilder.`);
    const big = all.find((f) => f.size > MENTOR_MAX_IMAGE_BYTES);
    if (big) return onProblem(`«${big.name}» er større enn 8 MB.`);
    onProblem(null);
    onChange(all);
  };
  return (
    <div className="mentor-picker">
      <label className="field__label" htmlFor={id}>
        Charts (PNG, JPEG eller WebP, høyst {max} bilder på 8 MB og {MENTOR_MAX_IMAGE_PIXELS / 1_000_000} megapiksler)
      </label>
      <input
        id={id}
        type="file"
        accept={MENTOR_IMAGE_TYPES.join(',')}
        multiple={max > 1}
        onChange={pick}
        disabled={files.length >= max}
      />
      {files.length > 0 && (
        <ul className="mentor-picker__files">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <span>{f.name}</span>
              <button type="button" className="mentor-picker__remove" onClick={() => onChange(files.filter((_, j) => j !== i))}>
                Fjern<span className="sr-only"> {f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
