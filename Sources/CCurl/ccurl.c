// The libcurl loader behind ccurl.h: libcurl.so.4 is opened, and every function Tick calls looked
// up, once, under pthread_once, so threads (a background sync while the first parses a URL,
// parallel tests) never see a half-filled table: after `ccurl_functions()` returns, the table is
// only read.
#include "ccurl.h"
#include <dlfcn.h>
#include <pthread.h>

typedef CURLcode (*ccurl_variadic)(CURL *, int, ...);

static struct {
    void *library;
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLU *(*url)(void);
    void (*url_cleanup)(CURLU *);
    CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
    CURLUcode (*url_get)(const CURLU *, CURLUPart, char **, unsigned int);
    void (*free)(void *);
    time_t (*getdate)(const char *, const time_t *);
    ccurl_variadic easy_setopt;
    ccurl_variadic easy_getinfo;
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
} functions;

static void ccurl_load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    functions.library = library;
#define CCURL_LOOK_UP(field, name) *(void **)(&functions.field) = dlsym(library, #name)
    CCURL_LOOK_UP(global_init, curl_global_init);
    CCURL_LOOK_UP(easy_init, curl_easy_init);
    CCURL_LOOK_UP(easy_cleanup, curl_easy_cleanup);
    CCURL_LOOK_UP(easy_perform, curl_easy_perform);
    CCURL_LOOK_UP(easy_strerror, curl_easy_strerror);
    CCURL_LOOK_UP(slist_append, curl_slist_append);
    CCURL_LOOK_UP(slist_free_all, curl_slist_free_all);
    CCURL_LOOK_UP(url, curl_url);
    CCURL_LOOK_UP(url_cleanup, curl_url_cleanup);
    CCURL_LOOK_UP(url_set, curl_url_set);
    CCURL_LOOK_UP(url_get, curl_url_get);
    CCURL_LOOK_UP(free, curl_free);
    CCURL_LOOK_UP(getdate, curl_getdate);
    CCURL_LOOK_UP(easy_setopt, curl_easy_setopt);
    CCURL_LOOK_UP(easy_getinfo, curl_easy_getinfo);
    CCURL_LOOK_UP(multi_init, curl_multi_init);
    CCURL_LOOK_UP(multi_cleanup, curl_multi_cleanup);
    CCURL_LOOK_UP(multi_add_handle, curl_multi_add_handle);
    CCURL_LOOK_UP(multi_remove_handle, curl_multi_remove_handle);
    CCURL_LOOK_UP(multi_perform, curl_multi_perform);
    CCURL_LOOK_UP(multi_poll, curl_multi_poll);
    CCURL_LOOK_UP(multi_info_read, curl_multi_info_read);
    CCURL_LOOK_UP(multi_setopt, curl_multi_setopt);
#undef CCURL_LOOK_UP
}

// The table, filled once; a function libcurl lacks (or all, when it could not be loaded) is NULL.
static void ccurl_functions(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, ccurl_load);
}

const char *ccurl_load_error(void) {
    ccurl_functions();
    return functions.library ? NULL : "libcurl (Debian package libcurl4) could not be loaded";
}

CURLcode ccurl_global_init(long flags) {
    ccurl_functions();
    return functions.global_init ? functions.global_init(flags) : CURLE_FAILED_INIT;
}
CURL *ccurl_easy_init(void) {
    ccurl_functions();
    return functions.easy_init ? functions.easy_init() : NULL;
}
void ccurl_easy_cleanup(CURL *handle) {
    ccurl_functions();
    if (functions.easy_cleanup) functions.easy_cleanup(handle);
}
CURLcode ccurl_easy_perform(CURL *handle) {
    ccurl_functions();
    return functions.easy_perform ? functions.easy_perform(handle) : CURLE_FAILED_INIT;
}
const char *ccurl_easy_strerror(CURLcode code) {
    ccurl_functions();
    return functions.easy_strerror ? functions.easy_strerror(code) : "libcurl could not be loaded";
}
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line) {
    ccurl_functions();
    return functions.slist_append ? functions.slist_append(list, line) : NULL;
}
void ccurl_slist_free_all(struct curl_slist *list) {
    ccurl_functions();
    if (functions.slist_free_all) functions.slist_free_all(list);
}
CURLU *ccurl_url(void) {
    ccurl_functions();
    return functions.url ? functions.url() : NULL;
}
void ccurl_url_cleanup(CURLU *handle) {
    ccurl_functions();
    if (functions.url_cleanup) functions.url_cleanup(handle);
}
CURLUcode ccurl_url_set(CURLU *handle, CURLUPart part, const char *content, unsigned int flags) {
    ccurl_functions();
    return functions.url_set ? functions.url_set(handle, part, content, flags) : CURLUE_OUT_OF_MEMORY;
}
CURLUcode ccurl_url_get(CURLU *handle, CURLUPart part, char **content, unsigned int flags) {
    ccurl_functions();
    return functions.url_get ? functions.url_get(handle, part, content, flags) : CURLUE_OUT_OF_MEMORY;
}
void ccurl_free(void *pointer) {
    ccurl_functions();
    if (functions.free) functions.free(pointer);
}
time_t ccurl_getdate(const char *text) {
    ccurl_functions();
    return functions.getdate ? functions.getdate(text, NULL) : (time_t)-1;
}

static ccurl_variadic ccurl_setopt_function(void) {
    ccurl_functions();
    return functions.easy_setopt;
}
CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode ccurl_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback value) {
    ccurl_variadic setopt = ccurl_setopt_function();
    return setopt ? setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    ccurl_functions();
    return functions.easy_getinfo ? functions.easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLM *ccurl_multi_init(void) {
    ccurl_functions();
    return functions.multi_init ? functions.multi_init() : NULL;
}
CURLMcode ccurl_multi_cleanup(CURLM *multi) {
    ccurl_functions();
    return functions.multi_cleanup ? functions.multi_cleanup(multi) : CURLM_INTERNAL_ERROR;
}
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle) {
    ccurl_functions();
    return functions.multi_add_handle ? functions.multi_add_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle) {
    ccurl_functions();
    return functions.multi_remove_handle ? functions.multi_remove_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) {
    ccurl_functions();
    return functions.multi_perform ? functions.multi_perform(multi, running) : CURLM_INTERNAL_ERROR;
}
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms) {
    ccurl_functions();
    return functions.multi_poll ? functions.multi_poll(multi, NULL, 0, timeout_ms, NULL) : CURLM_INTERNAL_ERROR;
}
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    ccurl_functions();
    return functions.multi_setopt ? functions.multi_setopt(multi, option, value) : CURLM_INTERNAL_ERROR;
}
int ccurl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result) {
    ccurl_functions();
    if (!functions.multi_info_read) return 0;
    int queued = 0;
    CURLMsg *message;
    while ((message = functions.multi_info_read(multi, &queued)) != NULL) {
        if (message->msg != CURLMSG_DONE) continue;
        *handle = message->easy_handle;
        *result = message->data.result;
        return 1;
    }
    return 0;
}

long ccurl_auth_basic(void) { return (long)CURLAUTH_BASIC; }
long ccurl_global_default(void) { return (long)CURL_GLOBAL_DEFAULT; }
unsigned int ccurl_url_default_port(void) { return CURLU_DEFAULT_PORT; }
