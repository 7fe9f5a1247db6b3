// npm run grant-pro -- <username>    gives an account Firemark Pro (complimentary, no end date)
// npm run revoke-pro -- <username>   returns it to the free plan; its data stays
import { grantPro, revokePro } from '../src/server/modules/subscription/subscription.service';
import { openDatabase } from './database';

const [action, username] = process.argv.slice(2);
if (!username || (action !== 'grant' && action !== 'revoke')) {
  console.error('Usage: npm run grant-pro -- <username>   or   npm run revoke-pro -- <username>');
  process.exit(2);
}
const database = await openDatabase();
try {
  const user = await (action === 'grant' ? grantPro : revokePro)(database.db, username);
  if (!user) {
    console.error(`No account has the username "${username}".`);
    process.exitCode = 1;
  } else {
    console.log(action === 'grant' ? `${user.username} now has Firemark Pro.` : `${user.username} is on the free plan again.`);
  }
} finally {
  await database.close();
}
