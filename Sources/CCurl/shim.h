#ifndef TICK_CCURL_SHIM_H
#define TICK_CCURL_SHIM_H

// libcurl (Debian libcurl4-openssl-dev): HTTP with keep-alive, timeouts and TLS for CalDAV.
//
// The header gives the types and constants; the library itself is loaded with dlopen on the
// first call, not linked: libcurl brings some twenty shared libraries (OpenSSL, Kerberos, LDAP,
// SSH, HTTP/2…) whose loading cost every start of tick about 5 ms and 6 MB, while only
// `tick sync` uses them. Every function below returns an error (or NULL) when libcurl cannot be
// loaded, and `ccurl_load_error()` says why.
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static void *ccurl_loaded_library = NULL;

static inline void ccurl_load(void) {
    ccurl_loaded_library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
}

// The loaded library, or NULL (and the loader's message) when it could not be loaded. Loaded once
// under pthread_once: two threads starting their first request together (two syncs, or the tests'
// suites in parallel) must not see "tried, not loaded yet" as "could not be loaded".
static inline void *ccurl_library(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, ccurl_load);
    return ccurl_loaded_library;
}

// Why libcurl could not be loaded, or NULL when it is loaded.
static inline const char *ccurl_load_error(void) {
    return ccurl_library() ? NULL : "libcurl (Debian package libcurl4) could not be loaded";
}

static inline void *ccurl_symbol(const char *name) {
    void *library = ccurl_library();
    return library ? dlsym(library, name) : NULL;
}

#define CCURL_FUNCTION(name, type) static __typeof__(type) cached_##name = NULL; \
    if (!cached_##name) cached_##name = (type)ccurl_symbol(#name)

static inline CURLcode ccurl_global_init(long flags) {
    CCURL_FUNCTION(curl_global_init, CURLcode (*)(long));
    return cached_curl_global_init ? cached_curl_global_init(flags) : CURLE_FAILED_INIT;
}
static inline CURL *ccurl_easy_init(void) {
    CCURL_FUNCTION(curl_easy_init, CURL *(*)(void));
    return cached_curl_easy_init ? cached_curl_easy_init() : NULL;
}
static inline void ccurl_easy_cleanup(CURL *handle) {
    CCURL_FUNCTION(curl_easy_cleanup, void (*)(CURL *));
    if (cached_curl_easy_cleanup) cached_curl_easy_cleanup(handle);
}
static inline CURLcode ccurl_easy_perform(CURL *handle) {
    CCURL_FUNCTION(curl_easy_perform, CURLcode (*)(CURL *));
    return cached_curl_easy_perform ? cached_curl_easy_perform(handle) : CURLE_FAILED_INIT;
}
static inline const char *ccurl_easy_strerror(CURLcode code) {
    CCURL_FUNCTION(curl_easy_strerror, const char *(*)(CURLcode));
    return cached_curl_easy_strerror ? cached_curl_easy_strerror(code) : "libcurl could not be loaded";
}
static inline struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line) {
    CCURL_FUNCTION(curl_slist_append, struct curl_slist *(*)(struct curl_slist *, const char *));
    return cached_curl_slist_append ? cached_curl_slist_append(list, line) : NULL;
}
static inline void ccurl_slist_free_all(struct curl_slist *list) {
    CCURL_FUNCTION(curl_slist_free_all, void (*)(struct curl_slist *));
    if (cached_curl_slist_free_all) cached_curl_slist_free_all(list);
}
static inline CURLU *ccurl_url(void) {
    CCURL_FUNCTION(curl_url, CURLU *(*)(void));
    return cached_curl_url ? cached_curl_url() : NULL;
}
static inline void ccurl_url_cleanup(CURLU *handle) {
    CCURL_FUNCTION(curl_url_cleanup, void (*)(CURLU *));
    if (cached_curl_url_cleanup) cached_curl_url_cleanup(handle);
}
static inline CURLUcode ccurl_url_set(CURLU *handle, CURLUPart part, const char *content, unsigned int flags) {
    CCURL_FUNCTION(curl_url_set, CURLUcode (*)(CURLU *, CURLUPart, const char *, unsigned int));
    return cached_curl_url_set ? cached_curl_url_set(handle, part, content, flags) : CURLUE_OUT_OF_MEMORY;
}
static inline CURLUcode ccurl_url_get(CURLU *handle, CURLUPart part, char **content, unsigned int flags) {
    CCURL_FUNCTION(curl_url_get, CURLUcode (*)(const CURLU *, CURLUPart, char **, unsigned int));
    return cached_curl_url_get ? cached_curl_url_get(handle, part, content, flags) : CURLUE_OUT_OF_MEMORY;
}
static inline void ccurl_free(void *pointer) {
    CCURL_FUNCTION(curl_free, void (*)(void *));
    if (cached_curl_free) cached_curl_free(pointer);
}

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per kind of argument, each through the loaded variadic function.
typedef CURLcode (*ccurl_variadic)(CURL *, int, ...);
static inline ccurl_variadic ccurl_setopt_function(void) {
    CCURL_FUNCTION(curl_easy_setopt, ccurl_variadic);
    return cached_curl_easy_setopt;
}
static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
// The write and header callbacks share this signature.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode ccurl_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    CCURL_FUNCTION(curl_easy_getinfo, ccurl_variadic);
    return cached_curl_easy_getinfo ? cached_curl_easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

// Macros built from casts and shifts, which Swift does not import.
static inline long ccurl_auth_basic(void) { return (long)CURLAUTH_BASIC; }
static inline long ccurl_global_default(void) { return (long)CURL_GLOBAL_DEFAULT; }

#endif
