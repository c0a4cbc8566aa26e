import { FeaturedTemplates } from '@/features/home/components/featured-templates';
import { Hero } from '@/features/home/components/hero';
import { HowItWorks } from '@/features/home/components/how-it-works';
import { Testimonials } from '@/features/home/components/testimonials';
import { TemplateCard } from '@/features/catalog/components/template-card';

/** Home: hero with live stats, how-it-works, featured templates, testimonials. */
export default function HomeRoute() {
  return (
    <>
      <Hero />
      <HowItWorks />
      <FeaturedTemplates renderCard={(template) => <TemplateCard mvp={template} />} />
      <Testimonials />
    </>
  );
}
