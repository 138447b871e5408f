import type { AdminCampaignCode, AdminCampaignCodeOrder } from '@academy/contracts';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { API } from '../dataProvider';
import { DetailTable } from '../lib/DetailTable';
import { formatDateTime } from '../lib/format';
import { errorMessage, httpClient } from '../lib/http';
import { COURSE_LABELS, label, ORDER_STATUS_LABELS } from '../lib/labels';
import { formatKr } from '../lib/money';
import { ShowLink } from '../lib/ShowParts';

/** «Brukt av»: the orders made with the code, each linked to its page (the «1 av 50» behind the count). */
export function CodeOrders() {
  const code = useRecordContext<AdminCampaignCode & { id: number }>();
  const [rows, setRows] = useState<AdminCampaignCodeOrder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = code?.id;
  useEffect(() => {
    if (!id) return;
    let live = true;
    httpClient(`${API}/campaign-codes/${id}/orders`)
      .then(({ json }) => live && setRows(json as AdminCampaignCodeOrder[]))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [id]);
  if (!code) return null;
  return (
    <section aria-labelledby="code-orders" style={{ width: '100%' }}>
      <Typography id="code-orders" variant="h6" component="h2" sx={{ mt: 2 }}>
        Ordrer med koden
      </Typography>
      {error ? (
        <Typography role="alert" color="error">
          {error}
        </Typography>
      ) : rows === null ? (
        <Typography variant="body2">Laster …</Typography>
      ) : (
        <DetailTable<AdminCampaignCodeOrder>
          label="panel.campaignCodes.ordrerMedKoden"
          rows={rows}
          rowKey={(o) => o.id}
          empty="Ingen ordrer har brukt koden ennå."
          columns={[
            {
              header: 'Ordre',
              cell: (o) => (
                <ShowLink resource="orders" id={o.id}>
                  Ordre {o.id}
                </ShowLink>
              ),
            },
            { header: 'Kjøper', cell: (o) => (o.name ? `${o.name} (${o.email})` : o.email) },
            { header: 'Kurs', cell: (o) => label(COURSE_LABELS, o.courseId) },
            { header: 'Status', cell: (o) => label(ORDER_STATUS_LABELS, o.status) },
            { header: 'Betalt', cell: (o) => formatKr(o.amountOre), align: 'right' },
            { header: 'Rabatt', cell: (o) => formatKr(o.discountOre), align: 'right' },
            { header: 'Dato', cell: (o) => formatDateTime(o.paidAt ?? o.createdAt) },
          ]}
        />
      )}
    </section>
  );
}
