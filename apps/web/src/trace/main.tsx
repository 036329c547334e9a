import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TraceApp } from './trace-app';
import '../light/base.css';
import './trace.css';

/** Entry of the public traceability page (trace.html): plain React, no admin code. */
createRoot(document.getElementById('trace-root')!).render(
  <StrictMode>
    <TraceApp />
  </StrictMode>,
);
