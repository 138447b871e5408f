/**
 * The overview's labels (panel.dashboard in nb). Plain constants: the overview is also the panel's
 * light first load, plain React without react-admin's translate, and reads them from here.
 */
export const overviewLabels = {
  harKjopt: 'Har kjøpt',
  leadsUnikeEPoster: 'Leads (unike e-poster)',
  medKonto: 'Med konto',
  omsetning: 'Omsetning',
  refundert: 'Refundert',
  stolpediagramLeadsKontoerOgKjopere: 'Stolpediagram: leads, kontoer og kjøpere per variant',
  stolpediagramLeadsPerDagFordelt: 'Stolpediagram: leads per dag, fordelt på variant',
  stolpediagramOmsetningOgRefusjonerPer: 'Stolpediagram: omsetning og refusjoner per uke',
};
