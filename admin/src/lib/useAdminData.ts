import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';

/** The data provider with the panel's own calls (grant, revoke, refund, CSV, create student, stats). */
export function useAdminData(): AdminDataProvider {
  return useDataProvider<AdminDataProvider>();
}
