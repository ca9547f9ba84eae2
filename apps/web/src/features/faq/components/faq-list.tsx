import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FaqItem } from '@portal/contract';
import { useMemo } from 'react';
import { sanitizeHtml } from '@/lib/sanitize-html';

/** The FAQ items as expandable panels: the title opens the answer. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  if (items.length === 0) {
    return <Typography color="text.secondary">Er zijn nog geen veelgestelde vragen.</Typography>;
  }
  return (
    <Box>
      {/* By position: the spec's FAQ items carry only a title and content (faqItemId is ours). */}
      {items.map((item, index) => (
        <FaqPanel key={index} item={item} position={index} />
      ))}
    </Box>
  );
}

function FaqPanel({ item, position }: { item: FaqItem; position: number }) {
  const html = useMemo(() => sanitizeHtml(item.content), [item.content]);
  const summaryId = `faq-${position}-title`;
  // The panel's region takes `aria-controls` as its id and is labelled by the summary.
  const detailsId = `faq-${position}-content`;
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary id={summaryId} aria-controls={detailsId} expandIcon={<ExpandMoreIcon />}>
        <Typography component="span" sx={{ fontWeight: 500 }}>
          {item.title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box
          sx={{
            typography: 'body1',
            overflowWrap: 'anywhere',
            '& > :first-of-type': { mt: 0 },
            '& > :last-child': { mb: 0 },
            '& p, & ul, & ol': { my: 1 },
            '& a': { color: 'primary.main' },
            '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
            '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
          }}
          // Sanitised above: only text markup and safe links reach the page.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </AccordionDetails>
    </Accordion>
  );
}
