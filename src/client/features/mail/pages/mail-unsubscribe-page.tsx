import { ConsentPage } from '../components/consent-page';

export default function MailUnsubscribePage() {
  return <ConsentPage intent="unsubscribe" />;
}
