import { useDocumentTitle } from '@/lib/use-document-title';
import { ChallengesSection } from '../components/challenges-section';
import { CtaSection } from '../components/cta-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { LandingFooter } from '../components/landing-footer';
import { LandingNav } from '../components/landing-nav';
import { PricingSection } from '../components/pricing-section';
import { TestimonialsSection } from '../components/testimonials-section';

export default function LandingPage() {
  useDocumentTitle();
  return (
    <div className="min-h-dvh bg-background">
      <LandingNav />
      <main>
        <HeroSection />
        <ChallengesSection />
        <FeaturesSection />
        <TestimonialsSection />
        <PricingSection />
        <CtaSection />
      </main>
      <LandingFooter />
    </div>
  );
}
