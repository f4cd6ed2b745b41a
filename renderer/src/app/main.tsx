import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { bindApprovals } from '../api';
import { approvalPrompt } from '../session/approval-store';
import './styles.css';

// A cashier's act that needs a supervisor asks for the supervisor's PIN in place (issue 27).
bindApprovals(approvalPrompt);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
