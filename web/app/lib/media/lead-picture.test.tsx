import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { leadPictures, usePreloadLeadPictures, type LeadPictureHandle } from './lead-picture';
import type { Media } from './media';
import { ResponsiveImage } from '~/components/responsive-image';

const picture = (name: string, width = 1600, height = 1200): Media => ({ kind: 'image', url: `/uploads/${name}.jpg`, alt: name, width, height, formats: [], placeholder: null });
const video: Media = { kind: 'video', url: '/uploads/film.mp4', alt: 'film', width: 1920, height: 1080, formats: [], placeholder: null };

describe('the lead picture', () => {
  const handle: LeadPictureHandle = { leadPicture: (data) => (data as { lead?: Media }).lead && { media: (data as { lead: Media }).lead, sizes: '100vw' } };

  it('is what the matched routes name, a picture and not a video', () => {
    const lead = picture('lead');
    expect(leadPictures([{ handle: {} }, { handle, loaderData: { lead } }], 'phone')).toEqual([{ media: lead, sizes: '100vw' }]);
    expect(leadPictures([{ handle, loaderData: { lead: video } }], 'phone')).toEqual([]);
    expect(leadPictures([{ handle, loaderData: {} }, { loaderData: { lead } }], 'phone')).toEqual([]);
  });

  it('is the first picture the document asks for, ahead of the pictures drawn before it', () => {
    const lead = picture('lead', 1000, 1500);
    function Page() {
      usePreloadLeadPictures('phone');
      return (
        <>
          <img src="/logo.svg" alt="" />
          <ResponsiveImage media={picture('first')} sizes="100vw" priority />
          <ResponsiveImage media={lead} sizes="100vw" priority />
        </>
      );
    }
    const Stub = createRoutesStub([{ path: '/', Component: Page, loader: () => ({ lead }), handle, HydrateFallback: () => null }]);
    // A server render of the matched route, with its loader's data, as the document is drawn.
    const html = renderToString(<Stub hydrationData={{ loaderData: { 0: { lead } } }} />);
    const preloads = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((match) => match[0]);
    expect(preloads[0]).toContain('lead.jpg');
    expect(preloads[0]).toContain('fetchPriority="high"');
    // One preload for the lead picture: its <img> adds none.
    expect(preloads.filter((link) => link.includes('lead.jpg'))).toHaveLength(1);
  });

  it('is not asked for under an error page: the page that failed draws none of its pictures', () => {
    const lead = picture('lead', 1000, 1500);
    function Page() {
      usePreloadLeadPictures('phone');
      return <img src="/logo.svg" alt="" />;
    }
    // The data of a loader that succeeded is kept beside another's error: the page is an error page.
    const page = (errors?: Record<string, unknown>) => {
      const Stub = createRoutesStub([{ path: '/', Component: Page, ErrorBoundary: Page, loader: () => ({ lead }), handle, HydrateFallback: () => null }]);
      return renderToString(<Stub hydrationData={{ loaderData: { 0: { lead } }, ...(errors ? { errors } : {}) }} />);
    };
    expect(page()).toContain('lead.jpg');
    expect(page({ 0: new Error('the page broke') })).toContain('logo.svg');
    expect(page({ 0: new Error('the page broke') })).not.toContain('lead.jpg');
  });
});
