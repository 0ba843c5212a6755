import { useParams } from 'react-router-dom';
import { ReportView } from '@/features/reports';

export default function ReportRoute() {
  const { reportId = '' } = useParams();
  return <ReportView key={reportId} reportId={reportId} />;
}
