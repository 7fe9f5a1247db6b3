import { Link } from 'react-router';
import { Brand } from '@/components/brand';

export function LandingFooter() {
  return (
    <footer className="border-t bg-slate-900 text-slate-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm space-y-3">
          <Brand className="text-white" inverted />
          <p className="text-sm">Fire-safety inspection and compliance tracking for property owners and managers.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
            <li>
              <Link to="/auth/login" className="hover:text-white hover:underline">
                Log in to your account
              </Link>
            </li>
            <li>
              <Link to="/auth/signup?trial=1" className="hover:text-white hover:underline">
                30-day free trial
              </Link>
            </li>
            <li>
              <Link to="/auth/signup" className="hover:text-white hover:underline">
                Pricing
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">
          © {new Date().getFullYear()} Firemark. Open-source software.
        </p>
      </div>
    </footer>
  );
}
