#ifndef TICK_CCURL_H
#define TICK_CCURL_H

// libcurl (Debian libcurl4-openssl-dev): HTTP with keep-alive, timeouts and TLS for CalDAV.
//
// The header gives the types and constants; the library itself is loaded with dlopen on the
// first call, not linked: libcurl brings some twenty shared libraries (OpenSSL, Kerberos, LDAP,
// SSH, HTTP/2…) whose loading cost every start of tick about 5 ms and 6 MB, while only
// `tick sync` uses them. Every function below returns an error (or NULL) when libcurl cannot be
// loaded, and `ccurl_load_error()` says why. The loader is ccurl.c.
#include <curl/curl.h>
#include <stddef.h>
#include <time.h>

// Why libcurl could not be loaded, or NULL when it is loaded.
const char *ccurl_load_error(void);

CURLcode ccurl_global_init(long flags);
CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
CURLcode ccurl_easy_perform(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line);
void ccurl_slist_free_all(struct curl_slist *list);
CURLU *ccurl_url(void);
void ccurl_url_cleanup(CURLU *handle);
CURLUcode ccurl_url_set(CURLU *handle, CURLUPart part, const char *content, unsigned int flags);
CURLUcode ccurl_url_get(CURLU *handle, CURLUPart part, char **content, unsigned int flags);
void ccurl_free(void *pointer);
// Parses an HTTP date (IMF-fixdate, RFC 850 or asctime, as RFC 9110 §5.6.7 asks a recipient to
// accept) into seconds since 1970, or -1; locale-independent, unlike strptime.
time_t ccurl_getdate(const char *text);

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per kind of argument, each through the loaded variadic function.
CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
// The write and header callbacks share this signature.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode ccurl_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback value);
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);

// The multi interface: several transfers at once, driven from one thread (the upload's parallel
// requests). curl_multi_setopt is variadic too: its long form is the one wrapper.
CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
// The next transfer of `multi` that is over: 1 with its handle and result filled in, 0 when none
// is (CURLMsg's result is in a union, which this reads so Swift need not).
int ccurl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result);

// Macros built from casts and shifts, which Swift does not import.
long ccurl_auth_basic(void);
long ccurl_global_default(void);
unsigned int ccurl_url_default_port(void);

#endif
