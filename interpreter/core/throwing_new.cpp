// Compiled into each program that links mimalloc (CMakeLists.txt, arbiter_allocator). mimalloc's
// operator new never sees std::set_new_handler, and when memory runs out it aborts, saying nothing;
// these throw std::bad_alloc as the standard's do, so running out of memory is told (main.cpp, and
// lua::guarded at a pack's line), not a crash. The block is malloc's, which mimalloc serves, and
// its operator delete gives it back.
#include <cstdlib>
#include <new>

void* operator new(std::size_t size) {
  if (void* block = std::malloc(size == 0 ? 1 : size)) return block;
  throw std::bad_alloc();
}

void* operator new[](std::size_t size) { return ::operator new(size); }
