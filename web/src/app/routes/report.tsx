import { useParams } from 'react-router-dom';
// The session query alone, not the console: the report's chunk stays free of the admin screens.
import { useAdminSession } from '@/features/admin/api/admin-session';
import { ReportView } from '@/features/reports';

export default function ReportRoute() {
  const { reportId = '' } = useParams();
  // The admin opens reports from the console's documents table; their way back leads there.
  const adminSession = useAdminSession();
  return <ReportView key={reportId} reportId={reportId} isAdmin={Boolean(adminSession.data)} />;
}
