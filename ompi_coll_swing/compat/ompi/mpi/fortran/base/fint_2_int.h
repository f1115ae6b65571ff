/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Minimal stand-in for Open MPI's ompi/mpi/fortran/base/fint_2_int.h, which
 * Debian's libopenmpi-dev does not ship although ompi/op/op.h includes it.
 * Used only when configure finds the real header missing. op.h needs only
 * the int <-> MPI_Fint conversions for Fortran user-defined operations.
 */
#ifndef SWING_COMPAT_FINT_2_INT_H
#define SWING_COMPAT_FINT_2_INT_H

#define OMPI_INT_2_FINT(a) ((MPI_Fint) (a))
#define OMPI_FINT_2_INT(a) ((int) (a))

#endif
