// The Azure AI Search index that the chunk payload fits (api-version 2024-07-01):
// the fields are exactly the eight of an indexable chunk, less @search.action; with page numbers,
// also page_start and page_end (the payload of a request with the header page-numbers: true).
export function indexDefinition(name: string, opts: { pageNumbers?: boolean } = {}) {
  const pageFields = opts.pageNumbers
    ? [
        {
          name: 'page_start',
          type: 'Edm.Int32',
          searchable: false,
          filterable: true,
          sortable: true,
          facetable: false,
          retrievable: true,
        },
        {
          name: 'page_end',
          type: 'Edm.Int32',
          searchable: false,
          filterable: true,
          sortable: true,
          facetable: false,
          retrievable: true,
        },
      ]
    : [];
  return {
    name,
    fields: [
      {
        name: 'id',
        type: 'Edm.String',
        key: true,
        searchable: false,
        filterable: true,
        sortable: false,
        facetable: false,
        retrievable: true,
      },
      {
        name: 'tenant_id',
        type: 'Edm.Int64',
        searchable: false,
        filterable: true,
        sortable: true,
        facetable: true,
        retrievable: true,
      },
      {
        name: 'document_id',
        type: 'Edm.Int64',
        searchable: false,
        filterable: true,
        sortable: true,
        facetable: true,
        retrievable: true,
      },
      {
        name: 'sourceName',
        type: 'Edm.String',
        searchable: true,
        filterable: true,
        sortable: true,
        facetable: true,
        retrievable: true,
      },
      {
        name: 'section',
        type: 'Edm.String',
        searchable: true,
        filterable: true,
        sortable: false,
        facetable: true,
        retrievable: true,
      },
      {
        name: 'content',
        type: 'Edm.String',
        searchable: true,
        filterable: false,
        sortable: false,
        facetable: false,
        retrievable: true,
        analyzer: 'standard.lucene',
      },
      ...pageFields,
      {
        name: 'embedding',
        type: 'Collection(Edm.Single)',
        searchable: true,
        filterable: false,
        sortable: false,
        facetable: false,
        retrievable: true,
        stored: true,
        dimensions: 1536,
        vectorSearchProfile: 'chunk-vector-profile',
      },
    ],
    vectorSearch: {
      algorithms: [
        {
          name: 'chunk-hnsw',
          kind: 'hnsw',
          hnswParameters: { m: 4, efConstruction: 400, efSearch: 500, metric: 'cosine' },
        },
      ],
      profiles: [{ name: 'chunk-vector-profile', algorithm: 'chunk-hnsw' }],
    },
  };
}
