import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminCourse, VatTreatment } from '@academy/contracts';
import { useState, type FormEvent } from 'react';
import { Loading, useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import { FormError } from '../lib/FormError';
import { errorMessage } from '../lib/http';
import { formatKr, parseKr } from '../lib/money';
import { VAT_CHOICES, vatTreatmentText } from '../lib/vat';

/** Kroner for the amount field: `1000`, `1497,50`. */
const krText = (ore: number | null) =>
  ore === null
    ? ''
    : formatKr(ore)
        .replace(/\s*kr$/, '')
        .replace(/[\s\u00a0\u202f]/g, '');

/**
 * «MVA per kurs» in Regnskap: each course's MVA treatment, changed here as on the course's own page
 * (docs/decisions.md "MVA"): the same request (`PUT /api/admin/courses/:id` with `vatTreatment` and
 * `vatExemptOre`), so the same rules (a split needs its exempt part, above 0 and below the price), a
 * recent sign-in (the password dialog asks), and the same audit entry (`course.update`).
 */
export function CourseVatPanel() {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<AdminCourse>('courses', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'sortOrder', order: 'ASC' },
  });
  return (
    <Box component="section" aria-labelledby="course-vat-title" sx={{ mt: 4 }}>
      <Typography id="course-vat-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        MVA per kurs
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('panel.courses.mvaHjelp')}
      </Typography>
      {isPending ? <Loading /> : null}
      <FormError error={error ? errorMessage(error) : null} />
      {data?.map((c) => (
        <CourseVatForm key={`${c.id}-${c.updatedAt}`} course={c} />
      ))}
    </Box>
  );
}

function CourseVatForm({ course }: { course: AdminCourse }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<AdminCourse>();
  const [treatment, setTreatment] = useState<VatTreatment>(course.vatTreatment);
  const [kr, setKr] = useState(krText(course.vatExemptOre));
  const [error, setError] = useState<string | null>(null);
  const id = `course-vat-${course.id}`;
  const exemptOre = treatment === 'split' ? parseKr(kr) : null;
  const unchanged = treatment === course.vatTreatment && (treatment !== 'split' || exemptOre === course.vatExemptOre);

  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (treatment === 'split' && (exemptOre === null || exemptOre <= 0)) {
      setError('Skriv delen av prisen som er unntatt, i kroner over 0 (f.eks. 1000 eller 1000,50).');
      return;
    }
    void update(
      'courses',
      { id: course.id, data: { vatTreatment: treatment, vatExemptOre: exemptOre }, previousData: course },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(`MVA-behandlingen av ${course.title} er lagret`, { type: 'success' }),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Box
      component="form"
      aria-labelledby={`${id}-title`}
      onSubmit={save}
      noValidate
      sx={{
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'flex-start',
      }}
    >
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography id={`${id}-title`} component="h4" variant="body1" sx={{ fontWeight: 600 }}>
          {course.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid={`${id}-now`}>
          Nå: {vatTreatmentText(course)}
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label={translate('resources.courses.fields.vatTreatment')}
        value={treatment}
        onChange={(e) => setTreatment(e.target.value as VatTreatment)}
        sx={{ flex: '1 1 240px', minWidth: 0, maxWidth: 420 }}
      >
        {VAT_CHOICES.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {translate(c.name)}
          </MenuItem>
        ))}
      </TextField>
      {treatment === 'split' && (
        <TextField
          size="small"
          label={translate('resources.courses.fields.vatExemptOre')}
          value={kr}
          onChange={(e) => setKr(e.target.value)}
          helperText={translate('panel.courses.mvaUnntattHjelp')}
          sx={{ flex: '1 1 200px', minWidth: 0, maxWidth: 320 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
      )}
      <Button type="submit" variant="contained" disabled={isPending || unchanged} sx={{ flexShrink: 0 }}>
        Lagre
      </Button>
      <FormError error={error} sx={{ flexBasis: '100%' }} />
    </Box>
  );
}
