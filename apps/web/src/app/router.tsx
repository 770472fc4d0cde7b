// The route tree. Every screen is a lazy route module, so the public site never downloads the customer
// area or the back-office. Features export their route lists; this file only composes them.
import { createBrowserRouter, Navigate } from 'react-router';
import { landingRoutes } from '../features/landing/routes';
import { systemRoutes } from '../features/system/routes';
import { BlankLayout } from './layouts/blank-layout';
import { LandingLayout } from './layouts/landing-layout';

export const router = createBrowserRouter([
  // Spec §2: the root path redirects to the landing home when empty.
  { path: '/', element: <Navigate to="/home/" replace /> },
  { Component: LandingLayout, children: landingRoutes },
  { Component: BlankLayout, children: systemRoutes.blank },
  { Component: LandingLayout, children: systemRoutes.notFound },
]);
