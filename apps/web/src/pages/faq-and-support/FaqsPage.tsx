import { Accordion, TextInput } from '@mantine/core';
import { searchFaqs } from '@portal/domain';
import type { Faqs } from '@portal/domain/api/faqs';
import { useState } from 'react';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { LinkifiedText } from '../../components/LinkifiedText.js';
import { PageFrame } from '../../components/PageFrame.js';

/** SPEC.md §2: the questions and answers of GET /api/faqs, searchable. */
export default function FaqsPage() {
  const { data: faqs } = useApi<Faqs>('/api/faqs');
  const [search, setSearch] = useState('');
  const found = searchFaqs(faqs ?? [], search);

  return (
    <PageFrame>
      <TextInput
        label="Search"
        placeholder="Search the questions and answers"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={480}
      />
      {faqs === undefined ? (
        <CenteredLoader />
      ) : found.length === 0 ? (
        <EmptyState />
      ) : (
        <Accordion variant="separated" multiple>
          {found.map((faq) => (
            <Accordion.Item key={faq.id} value={String(faq.id)}>
              <Accordion.Control>{faq.question}</Accordion.Control>
              <Accordion.Panel>
                <LinkifiedText>{faq.answer}</LinkifiedText>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </PageFrame>
  );
}
