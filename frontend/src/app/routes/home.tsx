import { FeaturedTemplates, Hero, HowItWorks, Testimonials } from '@/features/home';
import { TemplateCard } from '@/features/catalog';

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
