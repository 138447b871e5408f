import CheckIcon from '@mui/icons-material/Check';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Menu from '@mui/material/Menu';
import Typography from '@mui/material/Typography';
import MenuItem from '@mui/material/MenuItem';
import { variantLabel, type AdminLead } from '@academy/contracts';
import { useState } from 'react';
import {
  Button,
  DataTable,
  FilterButton,
  List,
  SimpleList,
  TopToolbar,
  useListContext,
  useNotify,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import { useAdminData } from '../dataProvider';
import { CourseField, DateTimeField, VariantField, YesNo } from '../lib/fields';
import { choiceFilter, dayRangeFilters, searchFilter, yesNoFilters } from '../lib/filters';
import { COURSE_LABELS, label, leadCourseChoices, variantChoices } from '../lib/labels';
import { CappedTotalNote, phoneLine, usePhone } from '../lib/ResourceList';
import { useNotifyingAction } from '../lib/useNotifyingAction';
import { formatDateTime } from '../lib/format';
import { leadsApi } from './api';
import { RecordLink } from '../lib/RecordLink';

const filters = [
  searchFilter('Søk på e-post'),
  choiceFilter('trafficSource', variantChoices, { alwaysOn: true, multiple: true }),
  choiceFilter('courseType', leadCourseChoices),
  ...dayRangeFilters(),
  ...yesNoFilters('hasAccount', 'hasBought', 'contacted', 'unsubscribed'),
];

/**
 * 'Eksporter CSV': the filtered list, for Excel (server-side, all pages). What the file holds is the
 * choice itself: without or with the addresses that unsubscribed (a list for mailing leaves them out).
 */
function ExportCsvButton() {
  const { filterValues, sort } = useListContext();
  const dp = useAdminData();
  const { busy, run } = useNotifyingAction('Eksporten mislyktes');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unsubscribedOnly = filterValues.unsubscribed === true;
  const exportCsv = (includeUnsubscribed: boolean) => {
    setAnchor(null);
    void run(() => dp.exportLeadsCsv({ filter: filterValues, sort, includeUnsubscribed }));
  };
  return (
    <>
      <Button
        label="panel.common.eksporterCsv"
        id="lead-export-button"
        aria-haspopup="menu"
        aria-controls={anchor ? 'lead-export-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={busy}
      >
        <DownloadIcon />
      </Button>
      <Menu
        id="lead-export-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': 'lead-export-button' } }}
      >
        {!unsubscribedOnly && <MenuItem onClick={() => exportCsv(false)}>Alle leads i filteret, uten avmeldte adresser</MenuItem>}
        <MenuItem onClick={() => exportCsv(true)}>Alle leads i filteret, med avmeldte adresser</MenuItem>
      </Menu>
    </>
  );
}

/** A row's checkbox, named after its lead («Velg kari@…»), for the bulk actions. */
function SelectLead({ lead }: { lead: AdminLead }) {
  const { selectedIds, onToggleItem } = useListContext();
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Checkbox
        size="small"
        checked={selectedIds.includes(lead.id)}
        onChange={() => onToggleItem(lead.id)}
        slotProps={{ input: { 'aria-label': `Velg ${lead.email}` } }}
      />
    </span>
  );
}

/** «Velg alle»: the select column's heading, choosing (or letting go of) every lead on the page. */
function SelectAllLeads() {
  const { data, selectedIds, onSelect } = useListContext();
  const onPage = (data ?? []).map((r) => r.id);
  const chosen = onPage.filter((id) => selectedIds.includes(id)).length;
  const all = onPage.length > 0 && chosen === onPage.length;
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={chosen > 0 && !all}
      disabled={onPage.length === 0}
      onChange={() =>
        onSelect(all ? selectedIds.filter((id) => !onPage.includes(id)) : [...new Set([...selectedIds, ...onPage])])
      }
      slotProps={{ input: { 'aria-label': 'Velg alle' } }}
    />
  );
}

/** The chosen rows: marked contacted, or exported as they are (unsubscribed ones too: the mentor chose them). */
function LeadBulkActions() {
  const { selectedIds, sort, onUnselectItems } = useListContext();
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('leads');
  const { busy, run } = useNotifyingAction();
  const ids = selectedIds.map(Number);
  if (ids.length === 0) return null;
  return (
    <Box
      role="region"
      aria-label="Valgte leads"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 2, py: 1 }}
    >
      <span>{ids.length === 1 ? '1 valgt' : `${ids.length} valgt`}</span>
      <Button
        label="panel.leads.merkSomKontaktet"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const res = await leadsApi.markContacted(ids, true);
            notify(res.updated === 1 ? '1 lead merket som kontaktet' : `${res.updated} leads merket som kontaktet`, {
              type: 'success',
            });
            unselectAll();
            refresh();
          })
        }
      >
        <CheckIcon />
      </Button>
      <Button
        label="panel.leads.eksporterValgteCsv"
        disabled={busy}
        onClick={() => run(() => dp.exportLeadsCsv({ filter: { id: ids }, sort, includeUnsubscribed: true }))}
      >
        <DownloadIcon />
      </Button>
      <Button label="panel.leads.fjernValget" onClick={() => onUnselectItems()} />
    </Box>
  );
}

/**
 * The leads: the filters, the CSV export, and a table whose rows open the lead, with checkboxes for
 * the bulk actions (on a phone a simple list, each line opening the lead).
 */
export function LeadList() {
  const isPhone = usePhone();
  return (
    <List
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportCsvButton />
        </TopToolbar>
      }
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <CappedTotalNote />
      {isPhone ? (
        <SimpleList<AdminLead>
          primaryText={(r) => r.email}
          secondaryText={(r) =>
            phoneLine(
              label(COURSE_LABELS, r.courseType),
              r.trafficSource && variantLabel(r.trafficSource),
              r.contacted && 'kontaktet',
              r.mailBouncedAt && 'e-post i retur',
            )
          }
          tertiaryText={(r) => formatDateTime(r.createdAt)}
          rowClick="show"
          data-testid="phone-list"
        />
      ) : (
        <>
          <LeadBulkActions />
          <DataTable rowClick="show" bulkActionButtons={false}>
            <DataTable.Col label={<SelectAllLeads />} disableSort render={(r: AdminLead) => <SelectLead lead={r} />} />
            <DataTable.Col source="createdAt" field={DateTimeField} />
            {/* The address is the row's link: reachable and opened by keyboard, with the browser's focus ring. */}
            <DataTable.Col
              source="email"
              render={(r: AdminLead) => (
                <>
                  <RecordLink resource="leads" id={r.id} type="show" text={r.email} />
                  {/* Mail to it bounced for good (the lead's page says more). */}
                  {r.mailBouncedAt ? (
                    <Typography
                      component="span"
                      variant="caption"
                      color="error"
                      sx={{ display: 'block' }}
                      data-testid="lead-bounced"
                    >
                      E-post i retur
                    </Typography>
                  ) : null}
                </>
              )}
            />
            <DataTable.Col source="courseType" field={CourseField} />
            <DataTable.Col source="trafficSource" field={VariantField} />
            <DataTable.Col source="hasAccount" disableSort render={(r: AdminLead) => <YesNo value={r.hasAccount} />} />
            <DataTable.Col source="hasBought" disableSort render={(r: AdminLead) => <YesNo value={r.hasBought} />} />
            <DataTable.Col source="contacted" render={(r: AdminLead) => <YesNo value={r.contacted} />} />
            <DataTable.Col source="note" disableSort render={(r: AdminLead) => (r.note ? r.note.slice(0, 60) : '')} />
          </DataTable>
        </>
      )}
    </List>
  );
}
