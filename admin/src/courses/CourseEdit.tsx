import AddIcon from '@mui/icons-material/Add';
import type { AdminCourse, AdminModule } from '@academy/contracts';
import {
  Button,
  DataTable,
  Edit,
  Labeled,
  Link,
  ReferenceManyField,
  required,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  useRecordContext,
  SimpleList,
  SelectInput,
  FormDataConsumer,
} from 'react-admin';
import { BackToListActions } from '../lib/ShowParts';
import { krToOre, oreToKr } from '../lib/money';
import { useAdminHref } from '../lib/useHref';
import { fullRecord } from '../lib/fullRecord';
import { phoneLine, usePhone } from '../lib/ResourceList';
import { VAT_CHOICES } from '../lib/vat';

/** Courses are fixed (the catalogue); only their texts change: no delete. */
function FormToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

function AddModuleButton() {
  const course = useRecordContext();
  const href = useAdminHref();
  if (!course) return null;
  return (
    <Button
      component={Link}
      to={{ pathname: href('/modules/create') }}
      state={{ record: { courseId: course.id } }}
      label="panel.courses.nyModul"
    >
      <AddIcon />
    </Button>
  );
}

/** The course's modules: a table, or one line per module on a phone; each opens the module. */
function CourseModules() {
  const isPhone = usePhone();
  if (isPhone)
    return (
      <SimpleList<AdminModule>
        primaryText={(m) => `${m.position}. ${m.title}`}
        secondaryText={(m) => phoneLine(m.published ? 'Publisert' : 'Ikke publisert', releaseText(m))}
        rowClick="edit"
      />
    );
  return (
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.NumberCol source="position" />
      <DataTable.Col source="title" />
      <DataTable.NumberCol source="durationMinutes" />
      <DataTable.Col source="videoId" render={(m: AdminModule) => m.videoId ?? 'Ingen (viser teksten)'} />
      <DataTable.Col source="published" render={(m: AdminModule) => (m.published ? 'Ja' : 'Nei')} />
      <DataTable.Col source="releaseAfterDays" render={(m: AdminModule) => releaseText(m)} />
    </DataTable>
  );
}

/** The exempt part of a split price as the mentor types it: kroner. */
type CourseForm = AdminCourse & { vatExemptKr?: number | null };

const toCourseForm = (c: AdminCourse): CourseForm => ({
  ...c,
  vatExemptKr: c.vatExemptOre === null ? null : oreToKr(c.vatExemptOre),
});

function toCourseRequest({ vatExemptKr, ...c }: CourseForm): AdminCourse {
  const kr = vatExemptKr === null || vatExemptKr === undefined || Number.isNaN(Number(vatExemptKr)) ? null : Number(vatExemptKr);
  return {
    ...c,
    vatExemptOre: c.vatTreatment === 'split' && kr !== null ? krToOre(kr) : c.vatTreatment === 'split' ? c.vatExemptOre : null,
  };
}

const releaseText = (m: AdminModule) => (m.releaseAfterDays > 0 ? `Etter ${m.releaseAfterDays} d` : 'Med en gang');

/** Course texts (title and description) and its modules in order. Saved changes show on the site at once. */
export function CourseEdit() {
  return (
    <Edit
      actions={<BackToListActions label="panel.courses.alleKurs" />}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ ...fullRecord, select: toCourseForm }}
      mutationOptions={fullRecord}
      transform={toCourseRequest}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <Labeled source="id">
          <TextField source="id" />
        </Labeled>
        <TextInput source="title" validate={[required(), maxLength(120)]} fullWidth />
        <TextInput source="description" validate={maxLength(5000)} multiline minRows={3} fullWidth />
        <NumberInput
          source="mentorshipMonths"
          min={0}
          max={36}
          step={1}
          validate={[minValue(0), maxValue(36)]}
          helperText="Måneder med personlig mentoring fra tilgangen gis (0: ingen). Gjelder også elever som allerede har kurset."
        />
        <SelectInput source="vatTreatment" choices={[...VAT_CHOICES]} validate={required()} helperText="panel.courses.mvaHjelp" />
        <FormDataConsumer<{ vatTreatment?: string }>>
          {({ formData }) =>
            formData.vatTreatment === 'split' ? (
              <NumberInput
                source="vatExemptKr"
                label="resources.courses.fields.vatExemptOre"
                min={1}
                step={1}
                validate={[required(), minValue(0.01)]}
                helperText="panel.courses.mvaUnntattHjelp"
              />
            ) : null
          }
        </FormDataConsumer>
        <Labeled label="resources.courses.fields.moduleCount" fullWidth>
          <ReferenceManyField reference="modules" target="courseId" sort={{ field: 'position', order: 'ASC' }} perPage={100}>
            <CourseModules />
          </ReferenceManyField>
        </Labeled>
        <AddModuleButton />
      </SimpleForm>
    </Edit>
  );
}
