// The sample document the API documents carry for the chunking endpoint: the raw body of the
// Postman request and of /docs "Try it out", so that both answer 200 as shipped, with no file to
// pick. Markdown (read as such by its marks, whatever the declared type), three sections, long
// enough for more than one chunk.
export const SAMPLE_DOCUMENT = `# 1 Introduction

This sample handbook travels inside the service's own API documents, so that the chunking request
of the Postman collection and the Try it out button of the documentation page work as shipped,
with no file to choose. Replace it with any document of your own: a PDF, a Word file, an HTML page,
Markdown or plain text, sent as the raw request body or as the multipart file field named document.
The service recognises the format by the bytes it receives, never by the file name or the declared
content type, and it answers with a payload that the index-documents operation of a search index
accepts unchanged. Each element of that payload is one chunk of the text, with the section heading
that was in force where the chunk starts, and an empty embedding unless embeddings were requested.

# 2 How chunks are cut

A chunk holds between eight hundred and twelve hundred characters, and only the last chunk of a
document may be shorter. The service cuts at the end of a paragraph where it can, and otherwise at
the end of a sentence, so that no word is ever split in two. Tables of contents, index pages,
running headers and footers and bare page numbers are left out, because they would only add noise
to the search results. Headings stay in the text, and the nearest heading before a chunk becomes
its section field, at most ninety characters long. The same document always gives the same chunks,
so a document sent again replaces its chunks in the index instead of adding new copies of them.

# 3 What to try next

Send the request again with the header performEmbedding set to true and the three embedding headers
filled in with your own Azure OpenAI resource, and every chunk carries a vector of 1536 numbers. Add
the headers indexName, cloudAISearchEndpoint and cloudAISearchKey, and the service uploads the
chunks to your index itself and answers a short summary instead of the payload. With the header
Prefer set to respond-async, the request is answered at once with a job to poll, which is the
pattern that Power Automate follows for long documents. A request with a missing or wrong header is
answered with a clear message that names the header, so the mistake is quick to find and to fix.
`;
