export { ReportView } from './components/report-view';
