import { ConsentPage } from '../components/consent-page';

export default function MailConfirmPage() {
  return <ConsentPage intent="confirm" />;
}
