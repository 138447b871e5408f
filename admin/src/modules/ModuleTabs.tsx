import { Box, Tab, Tabs } from '@mui/material';
import { useState, type ReactNode } from 'react';

/** The module page's tabs ("Modul", "Teksting", …): one panel shown at a time, the others kept out of the page. */
export function ModuleTabs({ tabs }: { tabs: Array<{ key: string; label: string; content: ReactNode }> }) {
  const [active, setActive] = useState(tabs[0].key);
  return (
    <Box>
      <Tabs
        value={active}
        onChange={(_e, v: string) => setActive(v)}
        aria-label="Modulens deler"
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} id={`module-tab-${t.key}`} aria-controls={`module-panel-${t.key}`} />
        ))}
      </Tabs>
      {tabs.map((t) =>
        t.key === active ? (
          <Box key={t.key} role="tabpanel" id={`module-panel-${t.key}`} aria-labelledby={`module-tab-${t.key}`}>
            {t.content}
          </Box>
        ) : null,
      )}
    </Box>
  );
}
