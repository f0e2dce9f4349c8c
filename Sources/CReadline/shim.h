// GNU readline for Swift: the headers need <stdio.h> first (they use FILE).
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
