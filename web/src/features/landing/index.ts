export { SiteHeader } from './components/site-header';
export { SiteFooter } from './components/site-footer';
export { Hero } from './components/hero';
export { TestimonialCarousel } from './components/testimonial-carousel';
export { FeatureCards } from './components/feature-cards';
export { SampleFiling } from './components/sample-filing';
export { SupportForm } from './components/support-form';
