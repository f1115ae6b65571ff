dnl SPDX-License-Identifier: BSD-3-Clause
dnl Finding Open MPI, its development headers and its version.

dnl SWING_FIND_MPICC: the Open MPI compiler wrapper, used as CC.
AC_DEFUN([SWING_FIND_MPICC], [
    AC_ARG_VAR([MPICC], [Open MPI C compiler wrapper (default: mpicc)])
    AC_PATH_PROGS([MPICC], [mpicc], [no])
    AS_IF([test "x$MPICC" = xno],
          [AC_MSG_ERROR([mpicc not found: install Open MPI (Debian: apt-get install libopenmpi-dev openmpi-bin)])])
    AS_IF([test -z "$CC"], [CC="$MPICC"])
    AC_MSG_CHECKING([for Open MPI include directories])
    SWING_OMPI_INCDIRS=`$MPICC --showme:incdirs 2>/dev/null`
    AS_IF([test -z "$SWING_OMPI_INCDIRS"],
          [AC_MSG_RESULT([none])
           AC_MSG_ERROR([$MPICC --showme:incdirs printed nothing: is $MPICC Open MPI's wrapper? (Debian: apt-get install libopenmpi-dev)])])
    AC_MSG_RESULT([$SWING_OMPI_INCDIRS])
    SWING_OMPI_LIBDIRS=`$MPICC --showme:libdirs 2>/dev/null`
    SWING_OMPI_CPPFLAGS=""
    for swing_dir in $SWING_OMPI_INCDIRS; do
        SWING_OMPI_CPPFLAGS="$SWING_OMPI_CPPFLAGS -isystem $swing_dir"
        AS_IF([test -d "$swing_dir/openmpi"],
              [SWING_OMPI_CPPFLAGS="$SWING_OMPI_CPPFLAGS -isystem $swing_dir/openmpi"])
    done
    AC_SUBST([SWING_OMPI_CPPFLAGS])
])

dnl SWING_CHECK_OMPI_VERSION: the release in ompi/version.h, 4.1.x or 5.0.x.
dnl Sets SWING_OMPI_MAJOR, SWING_OMPI_MINOR and SWING_OMPI_VERSION.
AC_DEFUN([SWING_CHECK_OMPI_VERSION], [
    swing_save_CPPFLAGS="$CPPFLAGS"
    CPPFLAGS="$CPPFLAGS $SWING_OMPI_CPPFLAGS"
    AC_CHECK_HEADER([ompi/version.h], [],
        [AC_MSG_ERROR([ompi/version.h not found: Open MPI's development headers are missing (Debian: apt-get install libopenmpi-dev)])])
    AC_COMPUTE_INT([SWING_OMPI_MAJOR], [OMPI_MAJOR_VERSION], [#include "ompi/version.h"], [SWING_OMPI_MAJOR=0])
    AC_COMPUTE_INT([SWING_OMPI_MINOR], [OMPI_MINOR_VERSION], [#include "ompi/version.h"], [SWING_OMPI_MINOR=0])
    AC_COMPUTE_INT([swing_ompi_release], [OMPI_RELEASE_VERSION], [#include "ompi/version.h"], [swing_ompi_release=0])
    CPPFLAGS="$swing_save_CPPFLAGS"
    SWING_OMPI_VERSION="$SWING_OMPI_MAJOR.$SWING_OMPI_MINOR.$swing_ompi_release"
    AC_MSG_CHECKING([for a supported Open MPI (4.1.x or 5.0.x)])
    AS_CASE([$SWING_OMPI_MAJOR.$SWING_OMPI_MINOR],
        [4.1|5.0], [AC_MSG_RESULT([$SWING_OMPI_VERSION])],
        [AC_MSG_RESULT([no ($SWING_OMPI_VERSION)])
         AC_MSG_ERROR([Open MPI $SWING_OMPI_VERSION is not supported: swing builds against Open MPI 4.1.x or 5.0.x (Debian bookworm or trixie: apt-get install libopenmpi-dev openmpi-bin)])])
    AC_SUBST([SWING_OMPI_VERSION])
    AC_SUBST([SWING_OMPI_MAJOR])
])

dnl SWING_CHECK_PMIX: Open MPI 5's coll.h includes <pmix.h>, which lives
dnl outside the directories mpicc reports.
AC_DEFUN([SWING_CHECK_PMIX], [
    swing_pmix="not needed"
    AS_IF([test "$SWING_OMPI_MAJOR" -ge 5], [
        PKG_CHECK_MODULES([PMIX], [pmix], [],
            [AC_MSG_ERROR([Open MPI $SWING_OMPI_VERSION's headers need PMIx's, which pkg-config cannot find (Debian: apt-get install libpmix-dev)])])
        swing_pmix=`echo " $PMIX_CFLAGS" | sed "s/ -I/ -isystem /g; s/^ *//; s/ *$//"`
        SWING_OMPI_CPPFLAGS="$SWING_OMPI_CPPFLAGS $swing_pmix"
    ])
])

dnl SWING_COMPAT_HEADERS: headers that Open MPI's own headers include but a
dnl distribution may not ship. Each one that is referred to, missing, and
dnl has a stand-in in ompi_coll_swing/compat/ is linked into
dnl ompi_coll_swing/compat-inc/, searched before Open MPI's directories, so
dnl a header Open MPI does ship is never shadowed.
AC_DEFUN([SWING_COMPAT_HEADERS], [
    swing_compat=""
    swing_compat_src=`cd "$srcdir" && pwd`/ompi_coll_swing/compat
    swing_compat_dir=`pwd`/ompi_coll_swing/compat-inc
    rm -rf "$swing_compat_dir"
    AS_MKDIR_P([$swing_compat_dir])
    for swing_h in ompi/mpi/fortran/base/fint_2_int.h \
                   opal/mca/threads/pthreads/threads_pthreads_mutex.h \
                   opal/mca/threads/pthreads/threads_pthreads_threads.h \
                   opal/mca/threads/pthreads/threads_pthreads_tsd.h \
                   opal/mca/timer/linux/timer_linux.h; do
        grep -rqsF "$swing_h" $SWING_OMPI_INCDIRS || continue
        swing_found=no
        for swing_dir in $SWING_OMPI_INCDIRS; do
            AS_IF([test -f "$swing_dir/$swing_h" || test -f "$swing_dir/openmpi/$swing_h"],
                  [swing_found=yes])
        done
        AS_IF([test "$swing_found" = no], [
            AS_MKDIR_P([$swing_compat_dir/`dirname $swing_h`])
            ln -s "$swing_compat_src/$swing_h" "$swing_compat_dir/$swing_h" \
                || AC_MSG_ERROR([cannot link the stand-in for $swing_h])
            swing_compat="$swing_compat `basename $swing_h`"
        ])
    done
    AC_MSG_CHECKING([for headers Open MPI refers to but lacks])
    swing_compat=`echo $swing_compat`
    AC_MSG_RESULT([${swing_compat:-none}])
    SWING_COMPAT_CPPFLAGS='-I$(abs_top_builddir)/ompi_coll_swing/compat-inc'
    AC_SUBST([SWING_COMPAT_CPPFLAGS])
])

dnl SWING_CHECK_OMPI_HEADERS: ompi_config.h and the coll framework header,
dnl compiled with the flags the component will use.
AC_DEFUN([SWING_CHECK_OMPI_HEADERS], [
    swing_save_CPPFLAGS="$CPPFLAGS"
    CPPFLAGS="$CPPFLAGS -I$swing_compat_dir $SWING_OMPI_CPPFLAGS"
    AC_CHECK_HEADER([ompi_config.h], [],
        [AC_MSG_ERROR([ompi_config.h not found: Open MPI's development headers are missing (Debian: apt-get install libopenmpi-dev)])])
    AC_CHECK_HEADER([ompi/mca/coll/coll.h], [],
        [AC_MSG_ERROR([ompi/mca/coll/coll.h does not compile: Open MPI's internal headers are missing or incomplete, see config.log (Debian: apt-get install libopenmpi-dev)])],
        [#include "ompi_config.h"])
    CPPFLAGS="$swing_save_CPPFLAGS"
])

dnl SWING_RANKS_COMPONENT_PATH: the component path mpirun hands the ranks,
dnl where it is not Open MPI's default ($pkglibdir and the per-user
dnl ~/.openmpi/components). Open MPI 5's launcher starts the ranks through
dnl PMIx, whose pmdl/ompi plugin passes every parameter of PMIx's own
dnl parameter file whose name starts with an Open MPI prefix ("mca" is one)
dnl to the ranks as OMPI_MCA_*: Debian's PMIx sets mca_base_component_path
dnl there (its plugin directory), so the ranks search that directory only.
dnl Sets SWING_PMIX_PARAM_FILE (the file, or empty), SWING_RANKS_PATH (its
dnl mca_base_component_path) and SWING_PMIX_LINK_DIR (the first directory
dnl of it, where a system install links the component).
AC_DEFUN([SWING_RANKS_COMPONENT_PATH], [
    SWING_PMIX_PARAM_FILE=""
    SWING_RANKS_PATH=""
    SWING_PMIX_LINK_DIR=""
    AS_IF([test "$SWING_OMPI_MAJOR" -ge 5], [
        swing_pmix_prefix=`$PKG_CONFIG --variable=prefix pmix 2>/dev/null`
        swing_ompi_sysconf=`$OMPI_INFO --path sysconfdir --parsable 2>/dev/null | sed -n 's/^path:sysconfdir://p'`
        for swing_f in "$swing_pmix_prefix/share/pmix-mca-params.conf" \
                       "$swing_pmix_prefix/etc/pmix-mca-params.conf" \
                       "$swing_ompi_sysconf/pmix-mca-params.conf"; do
            test -r "$swing_f" || continue
            swing_p=`tr '\t' ' ' < "$swing_f" | sed -n 's/^ *mca_base_component_path *= *//p' | tail -1 | sed 's/ *$//'`
            AS_IF([test -n "$swing_p"], [
                SWING_PMIX_PARAM_FILE=$swing_f
                SWING_RANKS_PATH=$swing_p
                SWING_PMIX_LINK_DIR=`echo "$swing_p" | cut -d: -f1`
                break])
        done
    ])
    AC_MSG_CHECKING([for the component path mpirun gives the ranks])
    AS_IF([test -n "$SWING_RANKS_PATH"],
          [AC_MSG_RESULT([$SWING_RANKS_PATH (from $SWING_PMIX_PARAM_FILE, through PMIx)])],
          [AC_MSG_RESULT([Open MPI's default])])
    AC_SUBST([SWING_PMIX_PARAM_FILE])
    AC_SUBST([SWING_RANKS_PATH])
])

dnl SWING_SET_COMPONENT_DIR: where `make install` puts mca_coll_swing.so.
dnl "system" is Open MPI's own component directory (ompi_info and every
dnl user's mpirun find it there); where mpirun gives the ranks a path of
dnl PMIx's instead (SWING_RANKS_COMPONENT_PATH), `make install` also puts a
dnl link to it in that path's first directory (SWING_PMIX_LINK_DIR).
AC_DEFUN([SWING_SET_COMPONENT_DIR], [
    AC_PATH_PROGS([OMPI_INFO], [ompi_info], [ompi_info])
    SWING_OMPI_PKGLIBDIR=`$OMPI_INFO --path pkglibdir --parsable 2>/dev/null | sed -n 's/^path:pkglibdir://p'`
    AS_IF([test -z "$SWING_OMPI_PKGLIBDIR"],
          [AC_MSG_ERROR([cannot ask ompi_info for Open MPI's component directory (Debian: apt-get install openmpi-bin)])])
    SWING_RANKS_COMPONENT_PATH
    AC_ARG_WITH([component-dir],
        [AS_HELP_STRING([--with-component-dir=DIR],
            [install the component into DIR; "system" means Open MPI's own component directory, for every user (default: $HOME/.openmpi/components)])],
        [], [with_component_dir='${HOME}/.openmpi/components'])
    swing_link=""
    AS_CASE([$with_component_dir],
        [system], [SWING_COMPONENT_DIR="$SWING_OMPI_PKGLIBDIR"
                   swing_link=$SWING_PMIX_LINK_DIR],
        [yes|no|""], [AC_MSG_ERROR([--with-component-dir needs a directory or "system"])],
        [SWING_COMPONENT_DIR="$with_component_dir"])
    SWING_PMIX_LINK_DIR=$swing_link
    SWING_PMIX_OVERRIDE_FILE=""
    AS_IF([test -n "$SWING_PMIX_LINK_DIR"],
          [SWING_PMIX_OVERRIDE_FILE=`dirname "$SWING_PMIX_PARAM_FILE"`/pmix-mca-params-override.conf])
    AC_SUBST([SWING_COMPONENT_DIR])
    AC_SUBST([SWING_OMPI_PKGLIBDIR])
    AC_SUBST([SWING_PMIX_LINK_DIR])
    AC_SUBST([SWING_PMIX_OVERRIDE_FILE])
])
