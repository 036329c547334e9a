import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ContentApp } from './content-app';
import '../light/base.css';
import './content.css';

/** Entry of the public content pages (content.html): plain React, no antd, redux or admin code. */
createRoot(document.getElementById('content-root')!).render(
  <StrictMode>
    <ContentApp />
  </StrictMode>,
);
