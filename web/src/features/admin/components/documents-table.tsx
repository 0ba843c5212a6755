import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Muted, VisuallyHidden } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocuments } from '@/features/admin/api/get-documents';
import { formatDate, isAccurate } from '@/features/admin/lib/format';
import { Table, TableCard } from './table';

/** SPEC's admin documents: who uploaded what, its report's figures and a link to the report. */
export function DocumentsTable() {
  const documents = useDocuments();
  const list = documents.data ?? [];
  return (
    <TableCard title="Documents" loading={documents.isPending} error={documents.error} testId="documents-table">
      {list.length === 0 ? (
        <Muted>No documents yet</Muted>
      ) : (
        <Table>
          <caption>{list.length === 1 ? '1 uploaded document' : `${list.length} uploaded documents`}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Type</th>
              <th scope="col">User</th>
              <th scope="col">Uploaded</th>
              <th scope="col" className="number">Citations</th>
              <th scope="col">Accuracy</th>
              <th scope="col">Report</th>
            </tr>
          </thead>
          <tbody>
            {list.map((document) => {
              const report = document.validationReport;
              const email = document.user?.email ?? document.userEmail;
              return (
                <tr key={document.id} data-testid="document-row">
                  <th scope="row">{document.filename}</th>
                  <td>{document.fileType.toUpperCase()}</td>
                  <td data-testid="document-user">
                    {document.user?.name ?? email ?? 'Anonymous'}
                    {document.user?.name && email ? <span className="sub">{email}</span> : null}
                  </td>
                  <td className="nowrap">{formatDate(document.uploadedAt)}</td>
                  <td className="number">
                    {report ? (
                      <>
                        {report.totalCitations}
                        <span className="sub">
                          {report.validCitations} valid, {report.invalidCitations} invalid
                        </span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{report ? <Badge $tone={isAccurate(report.accuracyRate) ? 'valid' : 'invalid'}>{Math.round(report.accuracyRate)}%</Badge> : '—'}</td>
                  <td>
                    {report ? (
                      <Link to={paths.report(report.id)} data-testid="document-report-link">
                        View Report<VisuallyHidden> for {document.filename}</VisuallyHidden>
                      </Link>
                    ) : (
                      'No report'
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </TableCard>
  );
}
